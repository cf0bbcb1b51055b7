// Pure: which call a switch event belongs to, how one event is identified, and what of it is kept.
import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid, lower-cased, or null for anything else (a variable is never trusted to be one). */
export function uuidOrNull(value: string | undefined): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/** A channel variable as plain events and our own variables carry it (`variable_x`, or `x` on callcenter events). */
export const variable = (headers: Record<string, string>, name: string): string | undefined => headers[`variable_${name}`] ?? headers[name];

/** The queue member's session (the caller's channel in the queue): CC-Member-Session-UUID, or the agent leg's cc_member_session_uuid. */
export function memberSessionOf(headers: Record<string, string>): string | null {
  return uuidOrNull(headers['CC-Member-Session-UUID'] ?? headers.variable_cc_member_session_uuid);
}

/**
 * The channels an unknown channel may belong with, most explicit first: the platform's call id,
 * the queue member it was offered (an agent leg, with or without cc_export_vars), the leg that
 * originated it (a bridge's b-leg), its loopback twin, its call's uuid. The first one known wins.
 */
export function relatedChannels(headers: Record<string, string>): string[] {
  const self = uuidOrNull(headers['Unique-ID']);
  const candidates = [
    variable(headers, 'svc_call_id'),
    headers['CC-Member-Session-UUID'],
    headers.variable_cc_member_session_uuid,
    headers['Other-Type'] === 'originator' ? headers['Other-Leg-Unique-ID'] : undefined,
    headers.variable_originating_leg_uuid,
    headers['Bridge-A-Unique-ID'],
    headers.variable_other_loopback_leg_uuid,
    headers['Channel-Call-UUID'],
    headers['Other-Leg-Unique-ID'],
  ];
  const out: string[] = [];
  for (const candidate of candidates) {
    const id = uuidOrNull(candidate);
    if (id && id !== self && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * A stable identity of one switch event: the switch's Core-UUID and its Event-Sequence (a counter
 * of that switch process), so the same event seen twice (a reconnect) is stored once. Without
 * them, a digest of every header.
 */
export function eventKey(headers: Record<string, string>): string {
  const core = headers['Core-UUID'];
  const sequence = headers['Event-Sequence'];
  if (core && sequence) return `${core}:${sequence}`;
  const digest = createHash('sha256');
  for (const name of Object.keys(headers).sort()) digest.update(`${name}\u0000${JSON.stringify(headers[name])}\u0000`);
  return `sha256:${digest.digest('hex').slice(0, 40)}`;
}

/** The most of an event's headers a call event row keeps (UTF-16 code units of names and values). */
export const MAX_EVENT_HEADERS_SIZE = 16_384;
/** The longest value kept of one header (an SDP is cut, not dropped). */
export const MAX_HEADER_VALUE = 1_024;

/**
 * The headers kept with a call event: every non-variable header first (what the event is), then
 * the variables, each value cut at MAX_HEADER_VALUE, stopping at MAX_EVENT_HEADERS_SIZE; how many
 * were left out is kept in `_omitted`.
 */
export function boundHeaders(headers: Record<string, string>): Record<string, string> {
  const names = Object.keys(headers);
  const ordered = [...names.filter((name) => !name.startsWith('variable_')), ...names.filter((name) => name.startsWith('variable_'))];
  const kept: Record<string, string> = {};
  let size = 0;
  let omitted = 0;
  for (const name of ordered) {
    // JSON events give a repeated header as an array; PostgreSQL's jsonb refuses NUL characters.
    const original: unknown = headers[name];
    const raw = (typeof original === 'string' ? original : JSON.stringify(original ?? '')).replaceAll('\u0000', '');
    const value = raw.length > MAX_HEADER_VALUE ? `${raw.slice(0, MAX_HEADER_VALUE)}…` : raw;
    if (size + name.length + value.length > MAX_EVENT_HEADERS_SIZE) {
      omitted++;
      continue;
    }
    kept[name] = value;
    size += name.length + value.length;
  }
  if (omitted > 0) kept._omitted = String(omitted);
  return kept;
}

/**
 * The extension number of a leg: the authenticated user of a phone that calls (user_name), or the
 * user a leg dials (dialed_user of `user/<n>@<domain>`, which is how extensions and agents are rung).
 */
export function legExtensionNumber(headers: Record<string, string>): string | null {
  if (headers['Call-Direction'] === 'inbound') return headers.variable_user_name ?? null;
  return headers.variable_dialed_user ?? null;
}

/** The dialer's variables of a call (svc_attempt_id, svc_campaign_id, svc_lead_id), uuids only. */
export function dialerOf(headers: Record<string, string>): { attemptId: string | null; campaignId: string | null; leadId: string | null } {
  return {
    attemptId: uuidOrNull(variable(headers, 'svc_attempt_id')),
    campaignId: uuidOrNull(variable(headers, 'svc_campaign_id')),
    leadId: uuidOrNull(variable(headers, 'svc_lead_id')),
  };
}

/**
 * A dialer call's parties as its record shows them: From = the caller id the campaign used (null:
 * the trunk's default), To = the customer. Other calls: the customer leg's own caller and destination.
 */
export function callParties(headers: Record<string, string>): { callerNumber: string | null; callerName: string | null; calledNumber: string | null } {
  if (uuidOrNull(variable(headers, 'svc_attempt_id'))) {
    return { callerNumber: variable(headers, 'svc_from_number') ?? null, callerName: null, calledNumber: variable(headers, 'svc_to_number') ?? headers['Caller-Destination-Number'] ?? null };
  }
  return { callerNumber: headers['Caller-Caller-ID-Number'] ?? null, callerName: headers['Caller-Caller-ID-Name'] ?? null, calledNumber: headers['Caller-Destination-Number'] ?? null };
}
