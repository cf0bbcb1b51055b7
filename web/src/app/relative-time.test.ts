import { describe, expect, it } from 'vitest';
import { formatClock, secondsSince } from './clock.ts';
import { formatElapsed, formatRemaining } from './relative-time.ts';

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
  it('counts the same whole seconds as the running clocks, so a page in words and a page with clocks agree', () => {
    const now = at(3 * 60 + 59.9);
    expect(formatClock(secondsSince(since, now))).toBe('3:59');
    expect(formatElapsed(since, now, 'en')).toBe('3 min. ago');
    expect(formatElapsed(since, at(239.999), 'en')).toBe('3 min. ago');
    expect(formatElapsed(since, at(240), 'en')).toBe('4 min. ago');
  });
});

describe('formatRemaining', () => {
  const until = '2026-11-25T12:01:30Z';
  const at = (secondsBefore: number) => Date.parse(until) - secondsBefore * 1000;
  it('says the time left, rounded up, in the language', () => {
    expect(formatRemaining(until, at(12.2), 'en')).toBe('in 13 sec.');
    expect(formatRemaining(until, at(90), 'pt-BR')).toBe('em 1 min.');
  });
  it('stops at zero once the moment passed', () => {
    expect(formatRemaining(until, at(-3), 'en')).toBe('in 0 sec.');
  });
});
