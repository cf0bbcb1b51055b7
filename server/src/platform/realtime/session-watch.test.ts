import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { revokedSessionFlag } from '../auth/guard.ts';
import { createCoordination } from '../coordination/index.ts';
import { publishSessionsRevoked } from './events.ts';
import { RealtimeHub } from './hub.ts';
import { watchSession, type SessionEnd } from './session-watch.ts';

// The in-process coordination: the same flags and channel the app uses, without Redis.
const coordination = createCoordination({});
const hub = new RealtimeHub(coordination);
const stops: (() => void)[] = [];
beforeAll(() => hub.start());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
afterAll(async () => {
  await hub.stop();
  await coordination.close();
});

function watch(expiresInMs: number, sessionId = `s-${Math.random()}`, checkEveryMs = 20) {
  const ends: SessionEnd[] = [];
  const ended = new Promise<SessionEnd>((resolve) => {
    const stop = watchSession({
      sessionId,
      expiresAt: Date.now() + expiresInMs,
      coordination,
      revocations: hub,
      checkEveryMs,
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

  it('ends a connection as soon as its revocation is announced, without waiting for the check', async () => {
    const { ended, ends, sessionId } = watch(60_000, undefined, 60_000);
    const other = watch(60_000, undefined, 60_000);
    await sleep(20);
    const announced = Date.now();
    await publishSessionsRevoked(coordination, ['someone-else', sessionId]);
    expect(await ended).toBe('revoked');
    expect(Date.now() - announced).toBeLessThan(1_000);
    expect(ends).toEqual(['revoked']);
    expect(other.ends).toEqual([]);
  });

  it('ends a connection whose session was already revoked when the watch starts', async () => {
    const sessionId = `s-${Math.random()}`;
    await coordination.setFlag(revokedSessionFlag(sessionId), 60);
    expect(await watch(60_000, sessionId, 60_000).ended).toBe('revoked');
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
