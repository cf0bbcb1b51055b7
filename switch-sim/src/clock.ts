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
  /** While a timer's callback runs: the simulated time it was due (see after()). */
  private pinnedMicros: number | null = null;

  constructor(readonly speed = 1) {
    if (!(speed > 0)) throw new Error('speed must be > 0');
  }

  nowMicros(): number {
    const ms = this.startEpochMs + (performance.now() - this.startPerf) * this.speed;
    const real = this.pinnedMicros ?? Math.floor(ms * 1000);
    // Monotonic and strictly increasing, like the counter FreeSWITCH stamps events with.
    const micros = Math.max(real, this.last + 1);
    this.last = micros;
    return micros;
  }

  /**
   * The callback sees the simulated time at which it was due, however late the event loop ran it:
   * a 20 s call hangs up 20 s after its answer, not 20 s plus the host's delay times the speed.
   */
  after(ms: number, fn: () => void): TimerHandle {
    const dueMicros = this.nowMicros() + Math.max(0, ms) * 1000;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        const outer = this.pinnedMicros;
        // Due, not the scaled reading: Node may fire a timer up to a millisecond early, which the
        // speed factor multiplies (a 60 s ring answered at 59.988 s).
        this.pinnedMicros = dueMicros;
        try {
          fn();
        } finally {
          this.pinnedMicros = outer;
        }
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
