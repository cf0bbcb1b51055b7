import { describe, expect, it } from 'vitest';
import { computeCallTimes, eventTime, microsToDate, secondsBetween, type CallTimesInput } from './call-times.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, 0) + seconds * 1000);
const base = (over: Partial<CallTimesInput>): CallTimesInput => ({
  direction: 'INBOUND',
  dialer: false,
  mainOriginated: false,
  createdAt: at(0),
  answerAt: null,
  queuedAt: null,
  bridgedAt: null,
  endedAt: at(60),
  otherLegs: [],
  ...over,
});

describe('switch timestamps', () => {
  it('reads microseconds since the epoch, and nothing else', () => {
    expect(microsToDate('1795305218770334')?.toISOString()).toBe('2026-11-21T23:53:38.770Z');
    for (const bad of [undefined, '', '0', '-5', '17.5', 'abc']) expect(microsToDate(bad)).toBeNull();
    expect(eventTime({ 'Event-Date-Timestamp': '1795305220830333' })?.getTime()).toBe(1795305220830);
  });

  it('rounds to the nearest whole second and never goes negative', () => {
    expect(secondsBetween(at(0), new Date(at(0).getTime() + 1499))).toBe(1);
    expect(secondsBetween(at(0), new Date(at(0).getTime() + 1500))).toBe(2);
    expect(secondsBetween(at(10), at(0))).toBe(0);
  });
});

describe('call times', () => {
  it('queue call answered by an agent: wait in the queue, the agent’s ring, talk after the bridge', () => {
    const times = computeCallTimes(
      base({ answerAt: at(1), queuedAt: at(2), bridgedAt: at(20), endedAt: at(80), otherLegs: [{ createdAt: at(12), answeredAt: at(19), bridgedAt: at(20), endedAt: at(80) }] }),
    );
    expect(times).toEqual({ waitTime: 18, ringTime: 7, talkTime: 60, durationSeconds: 80, billableSeconds: 79 });
  });

  it('caller abandons in the queue: waited until the end, never talked; the unanswered agent rang until it stopped', () => {
    const times = computeCallTimes(base({ answerAt: at(1), queuedAt: at(2), endedAt: at(40), otherLegs: [{ createdAt: at(5), answeredAt: null, bridgedAt: null, endedAt: at(25) }] }));
    expect(times).toEqual({ waitTime: 38, ringTime: 20, talkTime: 0, durationSeconds: 40, billableSeconds: 39 });
  });

  it('the agent who answered counts for the ring, not the one who did not', () => {
    const times = computeCallTimes(
      base({
        queuedAt: at(0),
        bridgedAt: at(40),
        otherLegs: [
          { createdAt: at(1), answeredAt: null, bridgedAt: null, endedAt: at(21) },
          { createdAt: at(30), answeredAt: at(39), bridgedAt: at(40), endedAt: at(60) },
        ],
      }),
    );
    expect(times.ringTime).toBe(9);
    expect(times.waitTime).toBe(40);
  });

  it('dialer call: the customer’s ring, then the wait from the customer’s answer to the agent', () => {
    const times = computeCallTimes(base({ direction: 'OUTBOUND', dialer: true, mainOriginated: true, answerAt: at(12), bridgedAt: at(15), endedAt: at(75) }));
    expect(times).toEqual({ ringTime: 12, waitTime: 3, talkTime: 60, durationSeconds: 75, billableSeconds: 63 });
    expect(computeCallTimes(base({ dialer: true, mainOriginated: true, endedAt: at(30) }))).toMatchObject({ ringTime: 30, waitTime: 0, billableSeconds: 0 });
  });

  it('internal call: the caller waits while the callee’s phone rings', () => {
    const times = computeCallTimes(
      base({ direction: 'INTERNAL', answerAt: at(6), bridgedAt: at(6), endedAt: at(36), otherLegs: [{ createdAt: at(0), answeredAt: at(6), bridgedAt: at(6), endedAt: at(36) }] }),
    );
    expect(times).toEqual({ ringTime: 6, waitTime: 6, talkTime: 30, durationSeconds: 36, billableSeconds: 30 });
  });
});
