import { useEffect, useRef, useState, type RefObject } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { RealtimeEventType } from '@callcenter/rules/realtime-event-types';
import { getAccessToken, refreshSession } from './session.ts';

export interface RealtimeHandlers {
  /** One handler per event type the page follows; the payload is checked by the handler. */
  on: Partial<Record<RealtimeEventType, (payload: unknown) => void>>;
  /** After every (re)connection: events sent while disconnected were not delivered. */
  onConnect?: () => void;
}

const RETRY_MS = 5_000;
/** How long an unused connection stays open, for the next page's subscribers. */
const LINGER_MS = 3_000;

interface Subscriber {
  handlers: RefObject<RealtimeHandlers>;
  setConnected: (connected: boolean) => void;
}

interface SharedConnection {
  socket: Socket;
  subscribers: Set<Subscriber>;
  connected: boolean;
  retry: ReturnType<typeof setTimeout> | undefined;
}

/**
 * One Socket.IO connection for the whole console, however many parts of a page follow events (the
 * wallboard and its live agents list, a campaign page and its import panel): opened by the first
 * subscriber, closed once the last has left.
 */
let shared: SharedConnection | null = null;

function openConnection(): SharedConnection {
  const socket = io({
    path: '/socket.io',
    // WebSocket only: long-polling would need sticky sessions behind several servers.
    transports: ['websocket'],
    // A function, so every reconnection presents the current (refreshed) access token.
    auth: (send) => send({ token: getAccessToken() ?? '' }),
  });
  const connection: SharedConnection = { socket, subscribers: new Set(), connected: false, retry: undefined };
  const setConnected = (connected: boolean) => {
    connection.connected = connected;
    for (const subscriber of connection.subscribers) subscriber.setConnected(connected);
  };
  const reconnectWithRefreshedSession = () =>
    void refreshSession().then((refreshed) => {
      if (refreshed && shared === connection) socket.connect();
    });

  socket.on('connect', () => {
    setConnected(true);
    for (const subscriber of connection.subscribers) subscriber.handlers.current?.onConnect?.();
  });
  socket.on('disconnect', (reason) => {
    setConnected(false);
    // The server ends a socket when its token expires (or its session is revoked); the client does
    // not reconnect by itself then. A refreshed session comes back with a fresh token.
    if (reason !== 'io server disconnect') return;
    clearTimeout(connection.retry);
    reconnectWithRefreshedSession();
  });
  socket.on('connect_error', (error) => {
    setConnected(false);
    // Transport trouble: the client retries by itself. A refusal by the gateway stops it; only an
    // expired token is worth another try (FORBIDDEN or TENANT_REQUIRED will not change).
    if (socket.active || error.message !== 'UNAUTHORIZED') return;
    clearTimeout(connection.retry);
    connection.retry = setTimeout(reconnectWithRefreshedSession, RETRY_MS);
  });
  socket.onAny((type: string, payload: unknown) => {
    for (const subscriber of connection.subscribers) subscriber.handlers.current?.on[type as RealtimeEventType]?.(payload);
  });
  return connection;
}

/** Joins the shared connection; the returned function leaves it (the last one out closes it). */
function join(subscriber: Subscriber): () => void {
  const connection = (shared ??= openConnection());
  connection.subscribers.add(subscriber);
  subscriber.setConnected(connection.connected);
  // Joining a connection already up: this subscriber missed what came before, like after a reconnect.
  if (connection.connected) subscriber.handlers.current?.onConnect?.();
  return () => {
    connection.subscribers.delete(subscriber);
    // Closed a moment later, not at once: moving to another page that follows events keeps the
    // same connection, also when that page's code is still loading (pages are loaded by route).
    setTimeout(() => {
      if (connection.subscribers.size > 0 || shared !== connection) return;
      clearTimeout(connection.retry);
      connection.socket.disconnect();
      shared = null;
    }, LINGER_MS);
  };
}

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
    const leave = join({ handlers: handlersRef, setConnected });
    return () => {
      leave();
      setConnected(false);
    };
  }, [enabled]);

  return { connected };
}
