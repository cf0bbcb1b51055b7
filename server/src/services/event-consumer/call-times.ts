// Pure: the times of a call (docs/calls.md defines each). Every instant comes from the switch's
// own clock (Event-Date-Timestamp, microseconds since the epoch), never from the platform's.

/** A switch timestamp in microseconds (Event-Date-Timestamp, Caller-Channel-*-Time) as a Date; null for 0, empty or garbage. */
export function microsToDate(value: string | undefined): Date | null {
  if (!value || !/^\d{1,19}$/.test(value)) return null;
  const micros = Number(value);
  return micros > 0 ? new Date(Math.floor(micros / 1000)) : null;
}

/** When the switch fired the event. */
export function eventTime(headers: Record<string, string>): Date | null {
  return microsToDate(headers['Event-Date-Timestamp']);
}

/** What the times are computed from: the call's instants and its legs. */
export interface CallTimesInput {
  direction: 'INBOUND' | 'OUTBOUND' | 'INTERNAL';
  /** A dialer call (svc_campaign_id / svc_attempt_id on the main leg). */
  dialer: boolean;
  /** The main leg was originated by the switch toward the far end (a dialer or click-to-call leg), not a caller's. */
  mainOriginated: boolean;
  createdAt: Date;
  answerAt: Date | null;
  queuedAt: Date | null;
  bridgedAt: Date | null;
  endedAt: Date;
  /** Every leg but the main one: the phones, agents and trunks the call reached. */
  otherLegs: Array<{ createdAt: Date; answeredAt: Date | null; bridgedAt: Date | null; endedAt: Date | null }>;
}

export interface CallTimes {
  ringTime: number;
  waitTime: number;
  talkTime: number;
  durationSeconds: number;
  billableSeconds: number;
}

/** Whole seconds from a to b (rounded to the nearest second; never negative). */
export function secondsBetween(a: Date, b: Date): number {
  return Math.max(0, Math.round((b.getTime() - a.getTime()) / 1000));
}

/**
 * ringTime: how long the called party's phone rang. A call whose main leg the switch originated
 * (dialer): that leg (the customer) from creation to answer, or to the end when it never answered. Otherwise: the leg that answered
 * and was bridged to the caller, from its creation to its answer; when no leg answered, the longest
 * any leg rang (creation to end); 0 when no other leg was ever created.
 */
export function ringTime(input: CallTimesInput): number {
  if (input.mainOriginated) return secondsBetween(input.createdAt, input.answerAt ?? input.endedAt);
  const answered = input.otherLegs.filter((leg) => leg.answeredAt !== null);
  const taken = answered.find((leg) => leg.bridgedAt !== null) ?? answered[0];
  if (taken?.answeredAt) return secondsBetween(taken.createdAt, taken.answeredAt);
  return input.otherLegs.reduce((longest, leg) => Math.max(longest, secondsBetween(leg.createdAt, leg.endedAt ?? input.endedAt)), 0);
}

/**
 * waitTime: how long the customer waited before a person was on the line.
 * - queue call (it entered a queue): from joining the queue to the bridge with an agent, or to the end when never bridged;
 * - dialer call: from the customer's answer to the bridge with an agent (or to the end); 0 when the customer never answered;
 * - any other call (internal, DID to an extension, outbound from an extension): from the call's creation to the bridge (or to the end).
 */
export function waitTime(input: CallTimesInput): number {
  const until = input.bridgedAt ?? input.endedAt;
  if (input.queuedAt) return secondsBetween(input.queuedAt, until);
  if (input.dialer) return input.answerAt ? secondsBetween(input.answerAt, until) : 0;
  return secondsBetween(input.createdAt, until);
}

export function computeCallTimes(input: CallTimesInput): CallTimes {
  return {
    ringTime: ringTime(input),
    waitTime: waitTime(input),
    // A person on each side from the (first) bridge to the end; 0 without a bridge.
    talkTime: input.bridgedAt ? secondsBetween(input.bridgedAt, input.endedAt) : 0,
    durationSeconds: secondsBetween(input.createdAt, input.endedAt),
    // FreeSWITCH's billsec of the main leg: from its answer to its end.
    billableSeconds: input.answerAt ? secondsBetween(input.answerAt, input.endedAt) : 0,
  };
}
