import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range.ts';

describe('parseRange', () => {
  it('serves the whole object without a Range, or with one it may ignore', () => {
    for (const header of [undefined, 'items=0-1', 'bytes=0-1,4-5', 'bytes=abc', 'bytes=-', 'bytes=5-2']) {
      expect(parseRange(header, 100)).toEqual({ kind: 'whole' });
    }
  });

  it('reads a start-end range, clamping the end to the last byte', () => {
    expect(parseRange('bytes=0-0', 100)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=50-', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
  });

  it('reads a suffix range (the last N bytes)', () => {
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('is unsatisfiable when no byte of it is in the object', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=200-300', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
