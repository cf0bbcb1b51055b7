// The login gate over HTTP (decision 0077): the guessing address is locked, the account's owner
// is not; counts are shared through Redis by every instance.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createPlatformAdmin,
  createTenant,
  expectError,
  login,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness.ts';

let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  // Two instances on one Redis: every test runs against the shared counters.
  const prefix = `test:${randomUUID()}:`;
  t = await startTestApp({ redis: true, redisPrefix: prefix });
  other = await startTestApp({ redis: true, redisPrefix: prefix });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const attempt = (app: TestApp, email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ip, headers });

function expectLocked(response: LightMyRequestResponse, maxSeconds = 60): void {
  expectError(response, 429, 'RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(response.json().message).toContain(`${retryAfter} s`);
}

/** Exactly `verified` attempts reached the password check (401); the rest were refused before it. */
function expectVerified(responses: LightMyRequestResponse[], verified: number): void {
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 401)).toHaveLength(verified);
  expect(statuses.filter((status) => status === 429)).toHaveLength(responses.length - verified);
  for (const refused of responses.filter((response) => response.statusCode === 429)) expectLocked(refused);
}

describe('login lockout', () => {
  it('locks the guessing address, not the platform user: the owner logs in from elsewhere', async () => {
    const victim = await createPlatformAdmin(t.db);
    for (let i = 0; i < 5; i += 1) {
      expectError(await attempt(i % 2 ? t : other, victim.email, `guess-${i}`, '10.40.0.1'), 401, 'INVALID_CREDENTIALS');
    }
    expectLocked(await attempt(other, victim.email, 'guess-6', '10.40.0.1'));
    // The attacker's address is locked even with the right password.
    expectLocked(await attempt(t, victim.email, victim.password, '10.40.0.1'));
    expect((await attempt(other, victim.email, victim.password, '10.40.0.2')).statusCode).toBe(200);
  });

  it('locks the guessing address, not the tenant user', async () => {
    const admin = await createPlatformAdmin(t.db);
    const { admin: victim } = await createTenant(t.app, await login(t.app, admin.email, admin.password, '10.41.9.9'));
    for (let i = 0; i < 5; i += 1) await attempt(t, victim.email, `guess-${i}`, `10.41.0.${i}`);
    // Every address that guessed waits; the owner's clean address gets in.
    for (let i = 0; i < 5; i += 1) expectLocked(await attempt(other, victim.email, TEST_PASSWORD, `10.41.0.${i}`));
    const owner = await attempt(other, victim.email, TEST_PASSWORD, '10.41.1.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().tenants).toHaveLength(1);
  });

  it('gives each clean address one guess at a locked account, then locks it out of that account', async () => {
    const victim = await createPlatformAdmin(t.db);
    for (let i = 0; i < 5; i += 1) await attempt(t, victim.email, `guess-${i}`, '10.42.0.1');
    expectError(await attempt(t, victim.email, 'typo', '10.42.0.2'), 401, 'INVALID_CREDENTIALS');
    expectLocked(await attempt(other, victim.email, victim.password, '10.42.0.2'));
    // Other accounts from that address are not concerned.
    expectError(await attempt(t, uniqueEmail('someone'), 'typo', '10.42.0.2'), 401, 'INVALID_CREDENTIALS');
  });

  it('refuses the sixth failure from one address whatever the e-mail', async () => {
    const ip = '10.43.0.1';
    for (let i = 0; i < 5; i += 1) await attempt(t, uniqueEmail('spray'), 'bad-password', ip);
    expectLocked(await attempt(other, uniqueEmail('spray'), 'bad-password', ip));
    const person = await createPlatformAdmin(t.db);
    expectLocked(await attempt(t, person.email, person.password, ip));
  });

  it('does not count a successful login against its address', async () => {
    const ip = '10.44.0.1';
    const person = await createPlatformAdmin(t.db);
    for (let i = 0; i < 4; i += 1) await attempt(t, uniqueEmail('typo'), 'bad-password', ip);
    // Ten people behind one address log in after four failures: the right password gives its attempt back.
    for (let i = 0; i < 10; i += 1) expect((await attempt(i % 2 ? t : other, person.email, person.password, ip)).statusCode).toBe(200);
    expectError(await attempt(t, uniqueEmail('typo'), 'bad-password', ip), 401, 'INVALID_CREDENTIALS');
    expectLocked(await attempt(t, uniqueEmail('typo'), 'bad-password', ip));
  });
});

describe('login lockout under parallel attempts on two instances', () => {
  const spread = (n: number, make: (i: number) => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

  it('verifies exactly 5 of 30 parallel wrong passwords for one account from one address', async () => {
    const target = await createPlatformAdmin(t.db);
    expectVerified(await spread(30, (i) => attempt(i % 2 ? t : other, target.email, `wrong-${i}`, '10.50.0.1')), 5);
  });

  it('verifies exactly 5 of 30 parallel attempts from one address, each for another e-mail', async () => {
    expectVerified(await spread(30, (i) => attempt(i % 2 ? t : other, uniqueEmail('spray'), 'bad-password', '10.51.0.1')), 5);
  });

  it('verifies one guess per clean address at a locked account: 3 of 30 from three addresses', async () => {
    const target = await createPlatformAdmin(t.db);
    for (let i = 0; i < 5; i += 1) await attempt(t, target.email, `guess-${i}`, '10.52.0.1');
    expectVerified(await spread(30, (i) => attempt(i % 2 ? t : other, target.email, `wrong-${i}`, `10.52.1.${i % 3}`)), 3);
    // And the owner still gets in from a fourth.
    expect((await attempt(other, target.email, target.password, '10.52.2.1')).statusCode).toBe(200);
  });
});

describe('the client address behind a proxy', () => {
  it('takes X-Forwarded-For only with TRUST_PROXY', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const victim = await createPlatformAdmin(proxied.db);
      const via = (client: string) => ({ 'x-forwarded-for': client });
      for (let i = 0; i < 5; i += 1) await attempt(proxied, victim.email, `guess-${i}`, '127.0.0.1', via('203.0.113.7'));
      expectLocked(await attempt(proxied, victim.email, victim.password, '127.0.0.1', via('203.0.113.7')));
      expect((await attempt(proxied, victim.email, victim.password, '127.0.0.1', via('198.51.100.9'))).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
    // Without it the header is the client's word: changing it does not dodge the address's lock.
    const ip = '10.53.0.1';
    for (let i = 0; i < 5; i += 1) await attempt(t, uniqueEmail('spoof'), 'bad', ip, { 'x-forwarded-for': `192.0.2.${i}` });
    expectLocked(await attempt(t, uniqueEmail('spoof'), 'bad', ip, { 'x-forwarded-for': '192.0.2.99' }));
  });
});
