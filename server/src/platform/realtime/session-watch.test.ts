import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { revokedSessionFlag } from '../auth/guard.ts';
import { createCoordination } from '../coordination/index.ts';
import { watchSession, type SessionEnd } from './session-watch.ts';

// The in-process coordination: the same flags the app reads, without Redis.
const coordination = createCoordination({});
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
afterAll(() => coordination.close());

function watch(expiresInMs: number, sessionId = `s-${Math.random()}`) {
  const ends: SessionEnd[] = [];
  const ended = new Promise<SessionEnd>((resolve) => {
    const stop = watchSession({
      sessionId,
      expiresAt: Date.now() + expiresInMs,
      coordination,
      checkEveryMs: 20,
      onEnd: (reason) => {
        ends.push(reason);
        resolve(reason);
      },
    });
    stops.push(stop);
  });
  return { ends, ended, sessionId };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchSession', () => {
  it('ends a connection when its token expires, once', async () => {
    const { ended, ends } = watch(50);
    expect(await ended).toBe('expired');
    await sleep(80);
    expect(ends).toEqual(['expired']);
  });

  it('ends a connection when a check finds its session revoked', async () => {
    const { ended, sessionId } = watch(60_000);
    await coordination.setFlag(revokedSessionFlag(sessionId), 60);
    expect(await ended).toBe('revoked');
  });

  it('leaves a live session alone, and does nothing once stopped', async () => {
    const { ends, sessionId } = watch(60_000);
    await sleep(80);
    expect(ends).toEqual([]);
    for (const stop of stops.splice(0)) stop();
    await coordination.setFlag(revokedSessionFlag(sessionId), 60);
    await sleep(80);
    expect(ends).toEqual([]);
  });
});
