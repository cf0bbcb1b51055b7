// Every presence state of an agent, in the order the console lists them.
export const AGENT_STATES = [
  'LOGGED_OUT',
  'AVAILABLE',
  'PAUSED',
  'RESERVED',
  'RINGING',
  'IN_CALL',
  'WRAP_UP',
  'ON_EXTERNAL_CALL',
] as const;
