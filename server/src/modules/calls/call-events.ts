// What of a stored switch event the timeline shows. The stored headers may hold anything the
// switch sent (channel variables, SIP headers, credentials of a gateway, the recording's path on
// the switch); the API shows only these names, which say what happened and to which leg.
export const TIMELINE_HEADERS: ReadonlySet<string> = new Set([
  'Event-Subclass',
  'Unique-ID',
  'Channel-Name',
  'Channel-State',
  'Channel-Call-State',
  'Answer-State',
  'Call-Direction',
  'Caller-Caller-ID-Number',
  'Caller-Caller-ID-Name',
  'Caller-Destination-Number',
  'Other-Leg-Unique-ID',
  'Bridge-A-Unique-ID',
  'Bridge-B-Unique-ID',
  'Hangup-Cause',
  'DTMF-Digit',
  'CC-Action',
  'CC-Queue',
  'CC-Agent',
  'CC-Agent-State',
  'CC-Agent-Status',
  'CC-Agent-UUID',
  'CC-Member-UUID',
  'CC-Member-Session-UUID',
  'CC-Cause',
  'CC-Cancel-Reason',
  'CC-Bridge-Terminated-Cause',
]);

/** The allow-listed headers of one stored event, string values only. */
export function timelineHeaders(stored: unknown): Record<string, string> {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (TIMELINE_HEADERS.has(name) && typeof value === 'string') shown[name] = value;
  }
  return shown;
}
