import { describe, expect, it } from 'vitest';
import { parseSse } from './monitoring-stream.ts';

describe('parseSse', () => {
  it('splits complete messages, skips comments and keeps the unfinished rest', () => {
    const { messages, rest } = parseSse(
      'event: snapshot\ndata: {"a":1}\n\n: heartbeat\n\nevent: EXTENSION_REGISTERED\r\ndata: {"b"',
    );
    expect(messages).toEqual([{ event: 'snapshot', data: '{"a":1}' }]);
    expect(rest).toBe('event: EXTENSION_REGISTERED\ndata: {"b"');
  });
});
