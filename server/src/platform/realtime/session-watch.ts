// A realtime connection (Socket.IO, the monitoring stream) outlives the request that opened it; it
// must not outlive its session. It ends when the access token expires (the console reconnects with a
// fresh one) or as soon as its session is revoked (logout, suspended tenant, disabled user): at once
// when the revocation is announced on the channel, and by a periodic check of the revocation flag in
// case that announcement was missed (the channel was down at that moment).
import { revokedSessionFlag } from '../auth/guard.ts';
import type { Coordination } from '../coordination/coordination.ts';
import type { RealtimeHub } from './hub.ts';

export type SessionEnd = 'expired' | 'revoked';

export interface SessionWatch {
  sessionId: string;
  /** Epoch milliseconds of the access token's expiry. */
  expiresAt: number;
  coordination: Pick<Coordination, 'hasFlag'>;
  /** Announces revoked sessions as they happen, on every instance. */
  revocations: Pick<RealtimeHub, 'onSessionsRevoked'>;
  /** How often the revocation flag is read. */
  checkEveryMs: number;
  onEnd(reason: SessionEnd): void;
}

// setTimeout keeps delays in a signed 32-bit integer.
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Starts watching; the returned function stops it (call it when the connection closes). */
export function watchSession(watch: SessionWatch): () => void {
  let ended = false;
  const stop = () => {
    clearTimeout(expiry);
    clearInterval(check);
    stopListening();
  };
  const end = (reason: SessionEnd) => {
    if (ended) return;
    ended = true;
    stop();
    watch.onEnd(reason);
  };
  const stopListening = watch.revocations.onSessionsRevoked((sessionIds) => {
    if (sessionIds.has(watch.sessionId)) end('revoked');
  });
  const expiry = setTimeout(() => end('expired'), Math.min(Math.max(0, watch.expiresAt - Date.now()), MAX_DELAY_MS));
  const checkFlag = () => {
    watch.coordination.hasFlag(revokedSessionFlag(watch.sessionId)).then(
      (revoked) => revoked && end('revoked'),
      // Coordination unreachable: keep the connection; the next check decides.
      () => undefined,
    );
  };
  const check = setInterval(checkFlag, watch.checkEveryMs);
  // Once now too: a revocation announced before this watch listened would otherwise wait a period.
  checkFlag();
  return stop;
}
