import { useEffect, useRef, useState } from 'react';
import { sendWithRefresh } from './api-client.ts';

// GET /monitoring/stream: the tenant's live telephony state (registrations, trunk status) as
// Server-Sent Events, read through fetch because EventSource cannot send the bearer token.

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

const RETRY_MS = 5_000;

/**
 * Follows the stream while `enabled`, handing every batch of messages to `onMessages` (the latest
 * callback, so it may close over fresh state). Reconnects after a drop; `connected` says whether
 * what the page shows is live.
 */
export function useMonitoringStream(
  enabled: boolean,
  onMessages: (messages: SseMessage[]) => void,
): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onMessages);
  useEffect(() => {
    handler.current = onMessages;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = async (): Promise<void> => {
      try {
        const response = await sendWithRefresh('/monitoring/stream', {
          headers: { Accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        setConnected(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseSse(buffer + value);
          buffer = parsed.rest;
          if (parsed.messages.length > 0) handler.current(parsed.messages);
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

  return { connected };
}
