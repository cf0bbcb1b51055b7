import { describe, expect, it } from 'vitest';
import { formatClock, secondsSince } from './clock.ts';

describe('running clocks', () => {
  it('counts whole seconds since a moment, never below zero', () => {
    const since = '2026-11-25T12:00:00.000Z';
    expect(secondsSince(since, Date.parse(since) + 61_900)).toBe(61);
    expect(secondsSince(since, Date.parse(since) - 2_000)).toBe(0);
  });

  it('shows minutes and seconds, and hours once there are any', () => {
    expect(formatClock(7)).toBe('0:07');
    expect(formatClock(754)).toBe('12:34');
    expect(formatClock(3723)).toBe('1:02:03');
  });
});
