// One call of the switch-events bench: the real FreeSWITCH 1.10.12 capture of a SIP call through
// mod_callcenter (fixtures 08: loopback caller pair, queue, agent offered, bridged, hung up), kept
// to the events the platform subscribes to about a call (channel events and the queue member's
// callcenter::info actions; the agent's own state events and members-count are left out: they
// are about one agent, not about a call, and no agent takes a hundred calls at once). Each copy has
// fresh uuids and the tenant's names, so it is the same flow as another call of that tenant.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { file } from './bench-env.ts';
import { EslParser, toSwitchEvent, type SwitchEvent } from '../server/src/platform/switch/esl-parser.ts';
import { dispatchKey } from '../server/src/services/event-consumer/event-consumer.ts';
import { CALL_FLOW_KEYS } from '../server/test/call-flow-keys.ts';

const CAPTURE = 'fixtures/freeswitch-1.10.12/08_sip_callcenter_ALL_plain.raw';
/** What the switch stamps on every event when it creates it (the simulator's bus stamps them anew). */
export const BASE_HEADERS = new Set([
  'Event-Name',
  'Event-Subclass',
  'Core-UUID',
  'FreeSWITCH-Hostname',
  'FreeSWITCH-Switchname',
  'FreeSWITCH-IPv4',
  'FreeSWITCH-IPv6',
  'Event-Date-Local',
  'Event-Date-GMT',
  'Event-Date-Timestamp',
  'Event-Calling-File',
  'Event-Calling-Function',
  'Event-Calling-Line-Number',
  'Event-Sequence',
]);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Instants of the channel's profile, in microseconds since the epoch ('0' when not yet). */
const PROFILE_TIME = /^(Caller|Other-Leg)-Channel-.*-Time$/;

export interface FlowEvent {
  name: string;
  subclass: string | undefined;
  headers: Array<[string, string]>;
}

/** The call's events in wire order, as the capture has them. */
export function captureCall(): SwitchEvent[] {
  return new EslParser()
    .push(readFileSync(file(CAPTURE)))
    .map(toSwitchEvent)
    .filter((event): event is SwitchEvent => event !== null && CALL_FLOW_KEYS.has(dispatchKey(event)));
}

/** What a tenant's copy of the call is named after (as the platform names them on its switch). */
export interface TenantNames {
  code: string;
  queueId: string;
  agentId: string;
}

/**
 * The call as `tenant`'s switch would say it now: fresh uuids (consistently), the queue, agent
 * and context renamed, the profile's instants moved by `shiftMicros`. Base headers are left out.
 */
export function tenantCall(events: SwitchEvent[], tenant: TenantNames, shiftMicros: number): { callId: string; events: FlowEvent[] } {
  const fresh = new Map<string, string>();
  const remap = (value: string) => value.replace(UUID, (uuid) => fresh.get(uuid) ?? (fresh.set(uuid, randomUUID()), fresh.get(uuid)!));
  const rename = (name: string, value: string): string => {
    if (value === 'support@default') return `q-${tenant.queueId}`;
    if (value === '1000@default') return `a-${tenant.agentId}`;
    if ((name === 'Caller-Context' || name === 'variable_user_context') && value === 'default') return `${tenant.code}_default`;
    if (PROFILE_TIME.test(name) && /^[1-9]\d*$/.test(value)) return String(Number(value) + shiftMicros);
    return remap(value);
  };
  const out = events.map((event) => ({
    name: event.name,
    subclass: event.subclass,
    headers: Object.entries(event.headers)
      .filter(([name]) => !BASE_HEADERS.has(name))
      .map(([name, value]): [string, string] => [name, rename(name, value)]),
  }));
  // The call is its first channel's (the caller's leg of the loopback pair).
  return { callId: fresh.get(events[0]!.headers['Unique-ID']!)!, events: out };
}

/** The emissions a call of this flow must produce, by the index of the event that produces each. */
export function emissionsOf(events: SwitchEvent[]): Array<{ type: string; index: number }> {
  const main = events[0]!.headers['Unique-ID'];
  const find = (key: string, mainLeg: boolean) =>
    events.findIndex((event) => dispatchKey(event) === key && (!mainLeg || event.headers['Unique-ID'] === main));
  return [
    { type: 'CALL_CREATED', index: 0 },
    { type: 'CALL_ANSWERED', index: find('CHANNEL_ANSWER', true) },
    { type: 'AGENT_OFFERED_CALL', index: find('callcenter::info/agent-offering', false) },
    { type: 'CALL_ENDED', index: find('CHANNEL_HANGUP_COMPLETE', true) },
    { type: 'QUEUE_MEMBER_LEFT', index: find('callcenter::info/member-queue-end', false) },
  ];
}

/** The first event's instant in the capture (what the profile's instants are moved from). */
export function captureStartMicros(events: SwitchEvent[]): number {
  return Number(events[0]!.headers['Event-Date-Timestamp']);
}
