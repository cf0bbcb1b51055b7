// The login gate against both coordinations; Redis is the real server, two clients on one prefix
// stand for two instances.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coordination } from './coordination.ts';
import type { LoginGateKeys, LoginGateLimits } from './login-gate.ts';
import { MemoryCoordination } from './memory.ts';
import { RedisCoordination } from './redis.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const limits: LoginGateLimits = {
  addressFailures: 5,
  accountFailures: 5,
  windowSeconds: 60,
  accountAddressFailures: 3,
  accountAddressWindowSeconds: 3600,
};
const keys = (account: string, address: string): LoginGateKeys => ({
  address: `ip:${address}`,
  account: `acct:${account}`,
  accountAddress: `pair:${account}:${address}`,
});

const opened: Coordination[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

const backends: [string, () => [Coordination, Coordination]][] = [
  [
    'memory',
    () => {
      const c = new MemoryCoordination();
      opened.push(c);
      return [c, c];
    },
  ],
  [
    'redis, two instances',
    () => {
      const prefix = `gate-test:${randomUUID()}:`;
      const pair: [Coordination, Coordination] = [
        new RedisCoordination({ url: REDIS_URL, keyPrefix: prefix }),
        new RedisCoordination({ url: REDIS_URL, keyPrefix: prefix }),
      ];
      opened.push(...pair);
      return pair;
    },
  ],
];

describe.each(backends)('login gate (%s)', (_name, open) => {
  it('a right password clears the account from that address; without it the pair limit refuses', async () => {
    const [a, b] = open();
    const gate = keys('ana', '10.0.0.1');
    // Only the pair can refuse here.
    const wide = { ...limits, addressFailures: 100, accountFailures: 100 };
    expect((await a.admitLogin(gate, wide)).allowed).toBe(true);
    expect((await b.admitLogin(gate, wide)).allowed).toBe(true);
    expect((await a.admitLogin(gate, wide)).allowed).toBe(true);
    await b.loginSucceeded(gate);
    for (let i = 0; i < 3; i += 1) expect((await a.admitLogin(gate, wide)).allowed).toBe(true);
    const refused = await b.admitLogin(gate, wide);
    expect(refused.allowed).toBe(false);
    // The pair's hour, not the minute of the address.
    expect(refused.retryAfterSeconds).toBeGreaterThan(60);
  });

  it('the right password gives the address and the account their reserved failure back', async () => {
    const [a, b] = open();
    for (let i = 0; i < 4; i += 1) await a.admitLogin(keys(`x${i}`, '10.0.0.2'), limits);
    for (let i = 0; i < 3; i += 1) {
      const gate = keys('bob', '10.0.0.2');
      expect((await b.admitLogin(gate, limits)).allowed).toBe(true);
      await a.loginSucceeded(gate);
    }
    expect((await a.admitLogin(keys('x9', '10.0.0.2'), limits)).allowed).toBe(true);
    expect((await b.admitLogin(keys('x10', '10.0.0.2'), limits)).allowed).toBe(false);
  });

  it('a locked account refuses addresses that failed, admits a clean one once', async () => {
    const [a, b] = open();
    for (let i = 0; i < 5; i += 1) expect((await a.admitLogin(keys('eve', `10.1.0.${i}`), limits)).allowed).toBe(true);
    const again = await b.admitLogin(keys('eve', '10.1.0.0'), limits);
    expect(again.allowed).toBe(false);
    expect(again.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await b.admitLogin(keys('eve', '10.1.9.9'), limits)).allowed).toBe(true);
    expect((await a.admitLogin(keys('eve', '10.1.9.9'), limits)).allowed).toBe(false);
    // Another account from the same addresses is not concerned.
    expect((await a.admitLogin(keys('other', '10.1.0.0'), limits)).allowed).toBe(true);
  });

  it('admits exactly as many parallel attempts as the limits allow, across instances', async () => {
    const [a, b] = open();
    const fromOneAddress = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).admitLogin(keys(`spray${i}`, '10.2.0.1'), limits)),
    );
    expect(fromOneAddress.filter((r) => r.allowed)).toHaveLength(5);

    for (let i = 0; i < 5; i += 1) await a.admitLogin(keys('target', `10.3.0.${i}`), limits);
    // Three clean addresses, ten attempts each, on the locked account: one each.
    const atLockedAccount = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).admitLogin(keys('target', `10.4.0.${i % 3}`), limits)),
    );
    expect(atLockedAccount.filter((r) => r.allowed)).toHaveLength(3);
  });
});
