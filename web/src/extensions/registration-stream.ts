import { useEffect, useState } from 'react';
import { getAccessToken, refreshSession } from '../app/session.ts';

/** extensionId → registeredAt (null: not registered), as the monitoring stream last said. */
export type RegistrationMap = ReadonlyMap<string, string | null>;

export interface SseMessage {
  event: string;
  data: string;
}

/** Splits a Server-Sent Events buffer into complete messages and the unfinished rest. */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const normalized = buffer.replace(/\r\n/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages: SseMessage[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ event, data: data.join('\n') });
  }
  return { messages, rest };
}

interface SnapshotData {
  extensions: { extensionId: string; registeredAt: string | null }[];
}
interface RegistrationData {
  extensionId: string;
  registeredAt?: string | null;
  at?: string;
}

/** Applies one stream message to the registration map. */
export function applyMessage(current: RegistrationMap, message: SseMessage): RegistrationMap {
  try {
    if (message.event === 'snapshot') {
      const data = JSON.parse(message.data) as SnapshotData;
      return new Map(data.extensions.map((item) => [item.extensionId, item.registeredAt]));
    }
    if (message.event === 'EXTENSION_REGISTERED' || message.event === 'EXTENSION_UNREGISTERED') {
      const data = JSON.parse(message.data) as RegistrationData;
      const next = new Map(current);
      next.set(
        data.extensionId,
        message.event === 'EXTENSION_REGISTERED'
          ? (data.registeredAt ?? data.at ?? new Date().toISOString())
          : null,
      );
      return next;
    }
  } catch {
    // A malformed message changes nothing.
  }
  return current;
}

const RETRY_MS = 5_000;

/**
 * GET /monitoring/stream through fetch (EventSource cannot send the bearer token). Reconnects
 * after a drop; `connected` says whether the badges are live.
 */
export function useRegistrationStream(enabled: boolean): {
  registrations: RegistrationMap | null;
  connected: boolean;
} {
  const [registrations, setRegistrations] = useState<RegistrationMap | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = async (refreshed = false): Promise<void> => {
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        const token = getAccessToken();
        if (token) headers.Authorization = `Bearer ${token}`;
        const response = await fetch('/monitoring/stream', { headers, signal: controller.signal });
        if (response.status === 401 && !refreshed && (await refreshSession())) return open(true);
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        setConnected(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseSse(buffer + value);
          buffer = parsed.rest;
          if (parsed.messages.length > 0)
            setRegistrations((current) => parsed.messages.reduce(applyMessage, current ?? new Map()));
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      setConnected(false);
      if (!controller.signal.aborted) retry = setTimeout(() => void open(), RETRY_MS);
    };
    void open();
    return () => {
      controller.abort();
      clearTimeout(retry);
      setConnected(false);
    };
  }, [enabled]);

  return { registrations, connected };
}
