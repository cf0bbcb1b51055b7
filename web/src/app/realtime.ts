import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import type { RealtimeEventType } from '../../../server/src/platform/realtime/events.ts';
import { getAccessToken, refreshSession } from './session.ts';

export interface RealtimeHandlers {
  /** One handler per event type the page follows; the payload is checked by the handler. */
  on: Partial<Record<RealtimeEventType, (payload: unknown) => void>>;
  /** After every (re)connection: events sent while disconnected were not delivered. */
  onConnect?: () => void;
}

const RETRY_MS = 5_000;

/**
 * The tenant's realtime events from the server's Socket.IO gateway (same origin, /socket.io), which
 * admits only tokens with monitoring.view. `connected` says whether what is on screen is live.
 */
export function useRealtime(enabled: boolean, handlers: RealtimeHandlers): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  // The latest handlers without reconnecting whenever the page re-renders.
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const socket = io({
      path: '/socket.io',
      // WebSocket only: long-polling would need sticky sessions behind several servers.
      transports: ['websocket'],
      // A function, so every reconnection presents the current (refreshed) access token.
      auth: (send) => send({ token: getAccessToken() ?? '' }),
    });

    socket.on('connect', () => {
      setConnected(true);
      handlersRef.current.onConnect?.();
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      // The server ends a socket when its token expires (or its session is revoked); the client does
      // not reconnect by itself then. A refreshed session comes back with a fresh token.
      if (reason !== 'io server disconnect') return;
      clearTimeout(retry);
      void refreshSession().then((refreshed) => {
        if (refreshed && !stopped) socket.connect();
      });
    });
    socket.on('connect_error', (error) => {
      setConnected(false);
      // Transport trouble: the client retries by itself. A refusal by the gateway stops it; only an
      // expired token is worth another try (FORBIDDEN or TENANT_REQUIRED will not change).
      if (socket.active || error.message !== 'UNAUTHORIZED') return;
      clearTimeout(retry);
      retry = setTimeout(() => {
        void refreshSession().then((refreshed) => {
          if (refreshed && !stopped) socket.connect();
        });
      }, RETRY_MS);
    });
    socket.onAny((type: string, payload: unknown) => {
      handlersRef.current.on[type as RealtimeEventType]?.(payload);
    });

    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.disconnect();
      setConnected(false);
    };
  }, [enabled]);

  return { connected };
}
