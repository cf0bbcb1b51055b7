// Simulated time. Every duration in the model (ring, talk, wrap-up, registration expiry) is in
// simulated milliseconds; a speed factor > 1 makes the simulator run faster than real time so
// tests stay short, while timestamps in events still advance as if the time had really passed.
import { performance } from 'node:perf_hooks';

export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Simulated wall-clock time, epoch microseconds (FreeSWITCH's switch_time_t). */
  nowMicros(): number;
  /** Runs `fn` after `ms` simulated milliseconds. */
  after(ms: number, fn: () => void): TimerHandle;
  /** Resolves after `ms` simulated milliseconds. */
  sleep(ms: number): Promise<void>;
  readonly speed: number;
}

export class ScaledClock implements Clock {
  private readonly startEpochMs = Date.now();
  private readonly startPerf = performance.now();
  private readonly timers = new Set<NodeJS.Timeout>();
  private last = 0;

  constructor(readonly speed = 1) {
    if (!(speed > 0)) throw new Error('speed must be > 0');
  }

  nowMicros(): number {
    const ms = this.startEpochMs + (performance.now() - this.startPerf) * this.speed;
    // Monotonic and strictly increasing, like the counter FreeSWITCH stamps events with.
    const micros = Math.max(Math.floor(ms * 1000), this.last + 1);
    this.last = micros;
    return micros;
  }

  after(ms: number, fn: () => void): TimerHandle {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        fn();
      },
      Math.max(0, ms / this.speed),
    );
    this.timers.add(timer);
    return {
      cancel: () => {
        clearTimeout(timer);
        this.timers.delete(timer);
      },
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** Cancels every pending timer (used on shutdown). */
  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
