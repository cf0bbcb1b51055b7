// How every caller enters a queue: the one sequence the public DID routes, the IVR menus and the
// tenant's own dialplan rules expand a queue into, so the agent's leg carries the tenant and the
// call (decision 0029). Pure; all of it is platform text, never a tenant's.
import { switchQueueName } from './naming.ts';

/** A dialplan action as the compilers write it. */
export interface QueueEntryAction {
  application: string;
  data: string;
}

/**
 * The member variables mod_callcenter copies to the agent leg (it copies nothing else: it reads
 * the member's cc_export_vars, switch_channel_process_export). Unset ones are skipped by the switch.
 */
export const CC_EXPORT_VARS = ['svc_tenant_id', 'svc_call_id', 'svc_queue_id', 'svc_attempt_id', 'svc_campaign_id', 'svc_lead_id'] as const;

/**
 * `svc_call_id` kept when the channel already has one (the dialer sets it when it originates),
 * else the channel's uuid: mod_commands' regex gives the substitution when `^$` matches the empty
 * value and the value itself otherwise.
 */
export const KEEP_OR_SET_CALL_ID = 'svc_call_id=${regex(${svc_call_id}|^$|${uuid})}';

/**
 * A new id for each entry into a queue, which names the recording of that entry (decision 0041): a
 * caller passed on to a second recorded queue gets a second file, where the same name would make
 * the switch keep the first ("already recording") and the platform see one recording.
 */
export const NEW_RECORDING_ID = 'svc_recording_id=${create_uuid()}';

/**
 * The actions that put the (already routed) caller into a queue: the call id, the queue, what the
 * agent leg inherits, stereo recording (the queue's record-template records the member channel from
 * the agent's answer when the queue records; the setting is harmless otherwise), then `callcenter`.
 */
export function queueEntryActions(queueId: string): QueueEntryAction[] {
  return [
    { application: 'set', data: KEEP_OR_SET_CALL_ID },
    { application: 'set', data: `svc_queue_id=${queueId}` },
    { application: 'set', data: `cc_export_vars=${CC_EXPORT_VARS.join(',')}` },
    { application: 'set', data: NEW_RECORDING_ID },
    { application: 'set', data: 'RECORD_STEREO=true' },
    { application: 'callcenter', data: switchQueueName(queueId) },
  ];
}

/**
 * The `set`s that came before `callcenter` in each form of the queue entry the compilers have
 * written, newest first; the first form ever was the bare `callcenter` (no sets). Recompiling a
 * stored version (decision 0041) recognises an entry by one of these and writes today's instead.
 */
export function queueEntryForms(queueId: string): QueueEntryAction[][] {
  const current = queueEntryActions(queueId).slice(0, -1);
  // Decision 0029's entry, before each entry had its own recording id.
  const withoutRecordingId = current.filter((action) => action.data !== NEW_RECORDING_ID);
  return [current, withoutRecordingId];
}

/**
 * Where a recorded queue call's file is: `<recordingsDir>/<tenant id>/<call id>-<recording id>.wav`,
 * as the queue's record-template (expanded by the switch on the member channel at the agent's
 * answer): one file per entry into a recorded queue (decision 0041).
 */
export function queueRecordTemplate(recordingsDir: string, tenantId: string): string {
  return `${recordingsDir.replace(/\/+$/, '')}/${tenantId}/\${svc_call_id}-\${svc_recording_id}.wav`;
}
