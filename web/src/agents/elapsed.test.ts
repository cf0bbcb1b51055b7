import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed.ts';

describe('formatElapsed', () => {
  const since = '2026-11-25T12:00:00Z';
  const at = (seconds: number) => Date.parse(since) + seconds * 1000;
  it('says the time in the state in the largest whole unit, in the language', () => {
    expect(formatElapsed(since, at(42), 'en')).toBe('42 sec. ago');
    expect(formatElapsed(since, at(3 * 60 + 59), 'pt-BR')).toBe('há 3 min.');
    expect(formatElapsed(since, at(2 * 3600 + 10), 'en')).toBe('2 hr. ago');
    expect(formatElapsed(since, at(3 * 86_400), 'pt-BR')).toBe('há 3 dias');
  });
  it('never goes negative when the clocks disagree', () => {
    expect(formatElapsed(since, at(-5), 'en')).toBe('0 sec. ago');
  });
});
