// Pure: the `originate` a dial attempt sends to the switch. Every value here is platform text (ids,
// E.164 numbers the database checked, switch names) except the lead's name, which a tenant wrote:
// it is reduced to characters the switch reads as plain text (no quote, comma, brace, `$`, `\`).
// In the {} block a comma separates variables even inside quotes (switch_event_create_brackets):
// a value's own commas are escaped with a backslash; a value with a space is single-quoted.
import { CC_EXPORT_VARS } from '../../platform/switch/queue-entry.ts';
import { switchGatewayName, switchQueueName } from '../../platform/switch/naming.ts';

export interface AttemptIds {
  tenantId: string;
  /** The call id: the customer leg's origination uuid and the call record's id. */
  callId: string;
  attemptId: string;
  campaignId: string;
  leadId: string;
  queueId: string;
  /** Names the recording of the queue entry (decision 0041). */
  recordingId: string;
}

export type OriginateTarget =
  /** Simulation mode: a customer leg that never leaves the switch (mod_loopback's null endpoint). */
  | { kind: 'SIMULATED'; ringMs: number; talkMs: number }
  /** Real outbound: the campaign's trunk gateway. */
  | { kind: 'GATEWAY'; trunkId: string };

export interface OriginateSpec extends AttemptIds {
  /** The lead's number, E.164. */
  phone: string;
  leadName: string | null;
  /** The campaign's caller id (what the customer sees), or null for the trunk's default. */
  callerId: string | null;
  timeoutSeconds: number;
  target: OriginateTarget;
  /** The campaign records: the file the customer leg records into from its answer (stereo), else null. */
  recordFile?: string | null;
}

/** How long the switch lets an unanswered customer ring (originate_timeout). */
export const RING_TIMEOUT_SECONDS = 30;

const MAX_NAME_LENGTH = 40;

/** Letters, digits, spaces and . - only; anything else becomes a space (empty → null). */
export function switchSafeName(name: string | null): string | null {
  if (name === null) return null;
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} .-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME_LENGTH)
    .trim();
  return safe === '' ? null : safe;
}

/** A value with spaces, single-quoted (switch_separate_string keeps it as one argument). */
const quoted = (value: string) => (value.includes(' ') ? `'${value}'` : value);

/** The number as the carrier receives it: E.164 digits without the `+`. */
const dialedNumber = (e164: string) => e164.replace(/^\+/, '');

/**
 * `originate {vars}<endpoint> &callcenter(<queue>)`: once the customer answers, the leg enters the
 * campaign's queue as a member, with what the queue entry of inbound calls sets (queue-entry.ts).
 * Values with commas are single-quoted, as switch_event_create_brackets reads them.
 */
export function originateCommand(spec: OriginateSpec): string {
  const name = switchSafeName(spec.leadName);
  const vars: Array<[string, string]> = [
    ['origination_uuid', spec.callId],
    ['svc_tenant_id', spec.tenantId],
    ['svc_call_id', spec.callId],
    ['svc_attempt_id', spec.attemptId],
    ['svc_campaign_id', spec.campaignId],
    ['svc_lead_id', spec.leadId],
    ['svc_queue_id', spec.queueId],
    ['svc_recording_id', spec.recordingId],
    ['RECORD_STEREO', 'true'],
    ['cc_export_vars', CC_EXPORT_VARS.join('\\,')],
    ['originate_timeout', String(spec.timeoutSeconds)],
    ['ignore_early_media', 'true'],
  ];
  // The call record's parties (From = the caller id used, To = the customer): the customer leg's own
  // caller id is the customer in simulation, and mod_callcenter shows the member's to the agent.
  vars.push(['svc_to_number', spec.phone]);
  if (spec.callerId) vars.push(['svc_from_number', spec.callerId]);
  // The same file the queue's record-template names: when the queue records too, the switch keeps
  // this one ("already recording") and the call has one recording, not two.
  if (spec.recordFile) vars.push(['execute_on_answer_record', `'record_session ${spec.recordFile}'`]);
  let endpoint: string;
  // The member's caller id as mod_callcenter shows it to the agent: the customer, not the dialer.
  vars.push(['origination_callee_id_number', spec.phone]);
  if (name) vars.push(['origination_callee_id_name', quoted(name)]);
  if (spec.target.kind === 'SIMULATED') {
    vars.push(['origination_caller_id_number', spec.phone]);
    if (name) vars.push(['origination_caller_id_name', quoted(name)]);
    vars.push(['null_auto_answer_delay', String(Math.min(60_000, Math.max(0, Math.round(spec.target.ringMs))))]);
    // A null leg never hangs up by itself: the simulated customer does after the talk time.
    vars.push(['execute_on_answer', `'sched_hangup +${Math.max(1, Math.round(spec.target.talkMs / 1000))} NORMAL_CLEARING'`]);
    endpoint = `null/${dialedNumber(spec.phone)}`;
  } else {
    if (spec.callerId) vars.push(['origination_caller_id_number', spec.callerId]);
    endpoint = `sofia/gateway/${switchGatewayName(spec.target.trunkId)}/${dialedNumber(spec.phone)}`;
  }
  const block = vars.map(([key, value]) => `${key}=${value}`).join(',');
  return `originate {${block}}${endpoint} &callcenter(${switchQueueName(spec.queueId)})`;
}

/**
 * What the dialer plays an abandoned customer before releasing them: transferred out of the queue
 * to an inline dialplan that plays the message and hangs up.
 */
export function abandonCommand(callId: string, messageFile: string): string {
  return `uuid_transfer ${callId} 'playback:${messageFile},hangup:NORMAL_CLEARING' inline`;
}
