// The login gate's rule, shared by the memory coordination and mirrored by login-gate.script.ts.
//
// Three failure counters per attempt: the address (every account), the account (every address)
// and the account from this address. The account's limit refuses only addresses that have failed
// (a guesser), never a clean one: the owner logging in from elsewhere with the right password is
// not locked out by someone guessing at the account. See docs/decisions/0077.

export interface LoginGateKeys {
  address: string;
  account: string;
  accountAddress: string;
}

export interface LoginGateLimits {
  /** Failures per address (any account) within `windowSeconds`. */
  addressFailures: number;
  /** Failures per account (any address) within `windowSeconds`; beyond it only clean addresses try. */
  accountFailures: number;
  windowSeconds: number;
  /** Consecutive failures for one account from one address within `accountAddressWindowSeconds`. */
  accountAddressFailures: number;
  accountAddressWindowSeconds: number;
}

/** One counter as the store has it: failures counted and ms left in its window (0: none). */
export interface GateCounter {
  count: number;
  ttlMs: number;
}

export interface GateCounters {
  address: GateCounter;
  account: GateCounter;
  accountAddress: GateCounter;
}

/**
 * 0 when the attempt may be verified, else the ms until it could be: the address over its limit,
 * the pair over its limit, or the account over its limit while this address has failed.
 */
export function refusalMs(counters: GateCounters, limits: LoginGateLimits): number {
  const { address, account, accountAddress: pair } = counters;
  if (address.count >= limits.addressFailures) return Math.max(1, address.ttlMs);
  if (pair.count >= limits.accountAddressFailures) return Math.max(1, pair.ttlMs);
  const suspect = address.count > 0 || pair.count > 0;
  if (account.count >= limits.accountFailures && suspect) {
    // Open again when the account's window ends or the address is clean again, whichever is first.
    const clean = Math.max(address.count > 0 ? address.ttlMs : 0, pair.count > 0 ? pair.ttlMs : 0);
    return Math.max(1, Math.min(account.ttlMs, clean));
  }
  return 0;
}
