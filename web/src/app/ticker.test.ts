import { describe, expect, it } from 'vitest';
import { createTicker } from './ticker.ts';

function fakeTimers() {
  const running = new Map<number, () => void>();
  let next = 1;
  return {
    running,
    timers: {
      set: (fn: () => void) => {
        running.set(next, fn);
        return next++;
      },
      clear: (handle: unknown) => void running.delete(handle as number),
    },
    fire: () => [...running.values()].forEach((fn) => fn()),
  };
}

describe('ticker', () => {
  it('runs one timer for every listener, and none once the last one leaves', () => {
    let time = 1_000;
    const fake = fakeTimers();
    const ticker = createTicker(1000, () => time, fake.timers);
    expect(fake.running.size).toBe(0);
    const heard: string[] = [];
    const leaveA = ticker.subscribe(() => heard.push('a'));
    const leaveB = ticker.subscribe(() => heard.push('b'));
    expect(fake.running.size).toBe(1);
    time = 2_000;
    fake.fire();
    expect(heard).toEqual(['a', 'b']);
    expect(ticker.now()).toBe(2_000);
    leaveA();
    expect(fake.running.size).toBe(1);
    leaveB();
    expect(fake.running.size).toBe(0);
  });

  it('reads the time afresh when a first listener arrives after a pause', () => {
    let time = 1_000;
    const fake = fakeTimers();
    const ticker = createTicker(1000, () => time, fake.timers);
    ticker.subscribe(() => undefined)();
    time = 50_000;
    ticker.subscribe(() => undefined);
    expect(ticker.now()).toBe(50_000);
  });
});
