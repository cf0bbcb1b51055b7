// Assertions shared by the fidelity tests.
import { expect } from 'vitest';
import type { ParsedEvent } from './esl-wire.ts';
import { sequence, type Pair } from './compare.ts';
import { get, key, perChannel, role } from './fixtures.ts';

/** Event kinds both streams contain (the simulator leaves some out, e.g. PRESENCE_IN). */
function shared(mine: ParsedEvent[], theirs: ParsedEvent[]): Set<string> {
  const a = new Set(mine.map(key));
  return new Set(theirs.map(key).filter((k) => a.has(k)));
}

/** Every channel present in both streams went through the same events in the same order. */
export function assertPerChannel(mine: ParsedEvent[], theirs: ParsedEvent[]): void {
  const keys = shared(mine, theirs);
  const a = perChannel(mine.filter((e) => keys.has(key(e))));
  const b = perChannel(theirs.filter((e) => keys.has(key(e))));
  const roles = [...b.keys()].filter((r) => a.has(r));
  expect(roles.length).toBeGreaterThan(0);
  for (const r of roles) expect({ role: r, events: a.get(r) }).toEqual({ role: r, events: b.get(r) });
}

/** CHANNEL_PARK of the originated leg and BACKGROUND_JOB race with the agent's call in FreeSWITCH too. */
const MILESTONES = new Set(['CHANNEL_CREATE', 'CHANNEL_ANSWER', 'CHANNEL_PROGRESS', 'CHANNEL_BRIDGE', 'CHANNEL_UNBRIDGE', 'CUSTOM']);

/** The order of channel milestones and CUSTOM events across the whole stream. */
export function assertMilestones(mine: ParsedEvent[], theirs: ParsedEvent[]): void {
  const keys = shared(mine, theirs);
  const mineRoles = new Set(mine.map(role));
  const keep = (e: ParsedEvent): boolean => keys.has(key(e)) && MILESTONES.has(get(e, 'Event-Name') ?? '') && (role(e) === undefined || mineRoles.has(role(e)));
  expect(sequence(mine, keep)).toEqual(sequence(theirs, keep));
}

const VALUES = [
  'Event-Name', 'Event-Subclass', 'Channel-State', 'Channel-Call-State', 'Channel-State-Number', 'Call-Direction', 'Answer-State', 'Hangup-Cause',
  'Channel-HIT-Dialplan', 'Application', 'Other-Type', 'Caller-Caller-ID-Name', 'Caller-Caller-ID-Number', 'Caller-Destination-Number', 'Caller-Context',
  'Caller-Dialplan', 'Caller-Source', 'Caller-Callee-ID-Name', 'Caller-Callee-ID-Number', 'Original-Channel-Call-State', 'Channel-Call-State-Number',
  'CC-Action', 'CC-Queue', 'CC-Agent', 'CC-Agent-Type', 'CC-Agent-System', 'CC-Agent-State', 'CC-Agent-Status', 'CC-Agent-Contact', 'CC-Count',
  'CC-Selection', 'CC-Cause', 'CC-Cancel-Reason', 'CC-Hangup-Cause', 'CC-Member-CID-Name', 'CC-Member-CID-Number', 'CC-Agent-Bridged',
  'variable_hangup_cause', 'variable_hangup_cause_q850', 'variable_endpoint_disposition', 'variable_loopback_leg', 'variable_current_application',
  'variable_cc_side', 'variable_cc_queue', 'variable_cc_agent', 'variable_cc_cause', 'variable_peers_tag', 'variable_is_loopback',
  'profile-name', 'from-user', 'status', 'rpid', 'expires', 'username', 'auth-result', 'sip_auth_username', 'user_context', 'effective_caller_id_name',
];

/** Values that do not depend on time, random ids or the host are equal. */
export function assertDeterministicValues(pairs: Pair[]): void {
  for (const { mine, theirs } of pairs) {
    for (const name of VALUES) {
      // A phone's contact user carries a random part (1000-0x557439923a70): compare the user only.
      const norm = (v: string | undefined): string | undefined => v?.replace(/-0x[0-9a-f]+/g, '-0x*');
      const t = norm(get(theirs, name));
      const m = norm(get(mine, name));
      if (t === undefined || m === undefined) continue;
      expect({ event: key(theirs), role: role(theirs), name, value: m }).toEqual({ event: key(theirs), role: role(theirs), name, value: t });
    }
  }
}
