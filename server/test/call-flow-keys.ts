// The events the platform subscribes to about a call (channel events and the queue member's
// callcenter::info actions), as dispatch keys: the agent's own state events and members-count are
// about one agent or queue, not a call. Shared by the batched-writes test and the switch-events bench.
export const CALL_FLOW_KEYS: ReadonlySet<string> = new Set([
  'CHANNEL_CREATE',
  'CHANNEL_ANSWER',
  'CHANNEL_BRIDGE',
  'CHANNEL_UNBRIDGE',
  'CHANNEL_HANGUP_COMPLETE',
  'callcenter::info/member-queue-start',
  'callcenter::info/agent-offering',
  'callcenter::info/bridge-agent-start',
  'callcenter::info/bridge-agent-end',
  'callcenter::info/member-queue-end',
]);
