import { describe, expect, it } from 'vitest';
import { formatDid } from './did-format.ts';

describe('formatDid', () => {
  it('shows Brazilian numbers in the national form, whether stored with or without the +', () => {
    expect(formatDid('551130031234')).toBe('(11) 3003-1234');
    expect(formatDid('+551130031234')).toBe('(11) 3003-1234');
    expect(formatDid('+5511987654321')).toBe('(11) 98765-4321');
  });

  it('shows foreign numbers internationally and anything else as stored', () => {
    expect(formatDid('+12025550123')).toBe('+1 202 555 0123');
    expect(formatDid('4000')).toBe('4000');
    expect(formatDid('5511')).toBe('5511');
    expect(formatDid('')).toBe('');
  });
});
