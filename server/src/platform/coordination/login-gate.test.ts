import { describe, expect, it } from 'vitest';
import { refusalMs, type GateCounters, type LoginGateLimits } from './login-gate.ts';

const limits: LoginGateLimits = {
  addressFailures: 5,
  accountFailures: 5,
  windowSeconds: 60,
  accountAddressFailures: 10,
  accountAddressWindowSeconds: 3600,
};
const none = { count: 0, ttlMs: 0 };
const counters = (partial: Partial<GateCounters>): GateCounters => ({ address: none, account: none, accountAddress: none, ...partial });

describe('refusalMs', () => {
  it('admits while every counter is under its limit', () => {
    expect(refusalMs(counters({ address: { count: 4, ttlMs: 9000 }, account: { count: 4, ttlMs: 9000 } }), limits)).toBe(0);
  });

  it('refuses an address at its limit for the rest of its window, whatever the account', () => {
    expect(refusalMs(counters({ address: { count: 5, ttlMs: 42_000 } }), limits)).toBe(42_000);
  });

  it('refuses one account from one address after its consecutive failures', () => {
    expect(refusalMs(counters({ address: { count: 1, ttlMs: 5000 }, accountAddress: { count: 10, ttlMs: 3_000_000 } }), limits)).toBe(3_000_000);
  });

  it('lets a clean address try an account at its limit: the owner is not locked out', () => {
    expect(refusalMs(counters({ account: { count: 9, ttlMs: 30_000 } }), limits)).toBe(0);
  });

  it('refuses an address that has failed while the account is at its limit, until the first of the two clears', () => {
    const account = { count: 5, ttlMs: 30_000 };
    expect(refusalMs(counters({ account, address: { count: 1, ttlMs: 50_000 } }), limits)).toBe(30_000);
    expect(refusalMs(counters({ account, address: { count: 1, ttlMs: 10_000 } }), limits)).toBe(10_000);
    // A failure on this account from this address an hour long keeps it suspect for the account's window.
    expect(refusalMs(counters({ account, accountAddress: { count: 1, ttlMs: 3_000_000 } }), limits)).toBe(30_000);
  });

  it('never answers a wait of 0 for a refusal', () => {
    expect(refusalMs(counters({ address: { count: 5, ttlMs: 0 } }), limits)).toBe(1);
  });
});
