// Token custody. The access token lives only in memory so a script injected into the page cannot
// lift it from storage after the fact, and a reload never resurrects a token the server may have
// revoked. The refresh token goes to localStorage so a reload or a new tab keeps the session: the
// server rotates it on every use, so a stolen copy stops working as soon as the console refreshes.

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const REFRESH_TOKEN_KEY = 'console.refreshToken';
const REFRESH_LOCK_NAME = 'console.refresh';
// Refresh this many seconds before expiry, but never sooner than a few seconds after receiving it.
const REFRESH_MARGIN_SECONDS = 30;
const MIN_REFRESH_DELAY_SECONDS = 5;

let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshInFlight: Promise<boolean> | null = null;
const endListeners = new Set<() => void>();

export function getAccessToken(): string | null {
  return accessToken;
}

export function hasStoredSession(): boolean {
  return readRefreshToken() !== null;
}

export function storeTokens(tokens: TokenPair): void {
  accessToken = tokens.accessToken;
  writeRefreshToken(tokens.refreshToken);
  scheduleRefresh(tokens.expiresIn);
}

export function clearTokens(): void {
  accessToken = null;
  writeRefreshToken(null);
  clearTimeout(refreshTimer);
}

/** Called when the session cannot be kept alive any longer (refresh refused). */
export function onSessionEnded(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function refreshDelaySeconds(expiresIn: number): number {
  return Math.max(MIN_REFRESH_DELAY_SECONDS, expiresIn - REFRESH_MARGIN_SECONDS);
}

function scheduleRefresh(expiresIn: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshSession(), refreshDelaySeconds(expiresIn) * 1000);
}

/**
 * Exchanges the stored refresh token for a new pair; concurrent callers share one request. Across
 * tabs a Web Lock serialises the exchange and the token is re-read inside it, because refresh
 * tokens rotate: a tab holding a token another tab already spent would otherwise be logged out.
 */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= withRefreshLock(exchangeRefreshToken).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function exchangeRefreshToken(): Promise<boolean> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) return false;
  let response: Response;
  try {
    response = await fetch('/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    // Network trouble is not a verdict on the session: keep the token and try again later.
    scheduleRefresh(MIN_REFRESH_DELAY_SECONDS * 6);
    return false;
  }
  if (response.status >= 500) {
    scheduleRefresh(MIN_REFRESH_DELAY_SECONDS * 6);
    return false;
  }
  if (!response.ok) {
    endSession();
    return false;
  }
  storeTokens((await response.json()) as TokenPair);
  return true;
}

function endSession(): void {
  clearTokens();
  for (const listener of endListeners) listener();
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  return locks.request(REFRESH_LOCK_NAME, work);
}

function readRefreshToken(): string | null {
  try {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeRefreshToken(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(REFRESH_TOKEN_KEY);
    else localStorage.setItem(REFRESH_TOKEN_KEY, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the session then lasts until the tab closes.
  }
}
