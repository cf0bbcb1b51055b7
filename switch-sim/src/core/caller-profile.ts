// switch_caller_profile_t and how switch_caller_profile_event_set_data turns it into
// "<Prefix>-..." headers (empty fields are left out). Checked against src/switch_caller.c.
import type { SwitchEvent } from '../events/event.ts';

export interface ProfileTimes {
  profileCreated: number;
  created: number;
  answered: number;
  progress: number;
  progressMedia: number;
  hungup: number;
  transferred: number;
  resurrected: number;
  bridged: number;
  lastHold: number;
  holdAccum: number;
}

export interface CallerProfile {
  direction: 'inbound' | 'outbound';
  logicalDirection: 'inbound' | 'outbound';
  username?: string;
  dialplan?: string;
  callerIdName?: string;
  callerIdNumber?: string;
  origCallerIdName?: string;
  origCallerIdNumber?: string;
  calleeIdName?: string;
  calleeIdNumber?: string;
  networkAddr?: string;
  ani?: string;
  destinationNumber?: string;
  uuid: string;
  source?: string;
  transferSource?: string;
  context?: string;
  rdnis?: string;
  chanName?: string;
  profileIndex?: string;
  times: ProfileTimes;
}

export function emptyTimes(created = 0): ProfileTimes {
  return {
    profileCreated: created,
    created,
    answered: 0,
    progress: 0,
    progressMedia: 0,
    hungup: 0,
    transferred: 0,
    resurrected: 0,
    bridged: 0,
    lastHold: 0,
    holdAccum: 0,
  };
}

export function cloneProfile(profile: CallerProfile): CallerProfile {
  return { ...profile, times: { ...profile.times } };
}

const set = (value: string | undefined): value is string => value !== undefined && value !== '';

export function addProfileHeaders(event: SwitchEvent, prefix: string, p: CallerProfile, withTimes = true): void {
  event.add(`${prefix}-Direction`, p.direction);
  event.add(`${prefix}-Logical-Direction`, p.logicalDirection);
  if (set(p.username)) event.add(`${prefix}-Username`, p.username);
  if (set(p.dialplan)) event.add(`${prefix}-Dialplan`, p.dialplan);
  if (set(p.callerIdName)) event.add(`${prefix}-Caller-ID-Name`, p.callerIdName);
  if (set(p.callerIdNumber)) event.add(`${prefix}-Caller-ID-Number`, p.callerIdNumber);
  if (set(p.callerIdName) && set(p.origCallerIdName)) event.add(`${prefix}-Orig-Caller-ID-Name`, p.origCallerIdName);
  if (set(p.callerIdNumber) && set(p.origCallerIdNumber)) event.add(`${prefix}-Orig-Caller-ID-Number`, p.origCallerIdNumber);
  if (set(p.calleeIdName)) event.add(`${prefix}-Callee-ID-Name`, p.calleeIdName);
  if (set(p.calleeIdNumber)) event.add(`${prefix}-Callee-ID-Number`, p.calleeIdNumber);
  if (set(p.networkAddr)) event.add(`${prefix}-Network-Addr`, p.networkAddr);
  if (set(p.ani)) event.add(`${prefix}-ANI`, p.ani);
  if (set(p.destinationNumber)) event.add(`${prefix}-Destination-Number`, p.destinationNumber);
  if (set(p.uuid)) event.add(`${prefix}-Unique-ID`, p.uuid);
  if (set(p.source)) event.add(`${prefix}-Source`, p.source);
  if (set(p.transferSource)) event.add(`${prefix}-Transfer-Source`, p.transferSource);
  if (set(p.context)) event.add(`${prefix}-Context`, p.context);
  if (set(p.rdnis)) event.add(`${prefix}-RDNIS`, p.rdnis);
  if (set(p.chanName)) event.add(`${prefix}-Channel-Name`, p.chanName);
  if (withTimes && set(p.profileIndex)) event.add(`${prefix}-Profile-Index`, p.profileIndex);
  const t = withTimes ? p.times : emptyTimes();
  event.add(`${prefix}-Profile-Created-Time`, t.profileCreated);
  event.add(`${prefix}-Channel-Created-Time`, t.created);
  event.add(`${prefix}-Channel-Answered-Time`, t.answered);
  event.add(`${prefix}-Channel-Progress-Time`, t.progress);
  event.add(`${prefix}-Channel-Progress-Media-Time`, t.progressMedia);
  event.add(`${prefix}-Channel-Hangup-Time`, t.hungup);
  event.add(`${prefix}-Channel-Transfer-Time`, t.transferred);
  event.add(`${prefix}-Channel-Resurrect-Time`, t.resurrected);
  event.add(`${prefix}-Channel-Bridged-Time`, t.bridged);
  event.add(`${prefix}-Channel-Last-Hold`, t.lastHold);
  event.add(`${prefix}-Channel-Hold-Accum`, t.holdAccum);
  event.add(`${prefix}-Screen-Bit`, 'true');
  event.add(`${prefix}-Privacy-Hide-Name`, 'false');
  event.add(`${prefix}-Privacy-Hide-Number`, 'false');
}
