import { describe, expect, it } from 'vitest';
import { formatDid } from './did-format.ts';

describe('formatDid', () => {
  it('groups Brazilian numbers with the country and area codes', () => {
    expect(formatDid('551130031234')).toBe('+55 11 3003-1234');
    expect(formatDid('+551130031234')).toBe('+55 11 3003-1234');
    expect(formatDid('5511987654321')).toBe('+55 11 98765-4321');
  });

  it('shows anything else as stored', () => {
    expect(formatDid('4000')).toBe('4000');
    expect(formatDid('12025550123')).toBe('12025550123');
    expect(formatDid('+12025550123')).toBe('+12025550123');
    expect(formatDid('1130031234')).toBe('1130031234');
    expect(formatDid('5511')).toBe('5511');
    expect(formatDid('')).toBe('');
  });
});
