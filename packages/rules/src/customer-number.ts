// Pure, shared with the console: which number of a call is the customer's.

/** The caller of an inbound (or internal) call; the number dialed of an outbound one. */
export function customerNumber(call: { direction: string; callerNumber: string | null; calledNumber: string | null }): string | null {
  return call.direction === 'OUTBOUND' ? call.calledNumber : call.callerNumber;
}
