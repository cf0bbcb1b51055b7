// While the database or the cache store is unreachable, requests answer 503 (error-handler.ts);
// the log gets one warning when an outage starts and one line when it ends, never one per request.
import type { Logger } from 'pino';
import { isConnectionError, type Dependency } from './dependency-errors.ts';

export interface DependencyProbes {
  database(): Promise<boolean>;
  cache(): Promise<boolean>;
}

const RECHECK_MS = 500;

export class DependencyOutages {
  private readonly since = new Map<Dependency, number>();
  private readonly timers = new Map<Dependency, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly log: Logger,
    private readonly probes: DependencyProbes,
    private readonly recheckMs = RECHECK_MS,
  ) {}

  /** A request (or a client's event) met `dependency` unreachable. */
  report(dependency: Dependency, error?: unknown): void {
    if (this.since.has(dependency) || this.closed) return;
    this.since.set(dependency, Date.now());
    this.log.warn({ dependency, err: error }, 'dependency unavailable');
    this.scheduleCheck(dependency);
  }

  isDown(dependency: Dependency): boolean {
    return this.since.has(dependency);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Polls the dependency until it answers, so the end of an outage is logged without traffic. */
  private scheduleCheck(dependency: Dependency): void {
    const timer = setTimeout(() => {
      this.probes[dependency]().then(
        (ok) => this.afterCheck(dependency, ok),
        () => this.afterCheck(dependency, false),
      );
    }, this.recheckMs);
    timer.unref();
    this.timers.set(dependency, timer);
  }

  private afterCheck(dependency: Dependency, ok: boolean): void {
    if (this.closed) return;
    if (!ok) return this.scheduleCheck(dependency);
    const since = this.since.get(dependency) ?? Date.now();
    this.since.delete(dependency);
    this.timers.delete(dependency);
    this.log.info({ dependency, downForMs: Date.now() - since }, 'dependency available again');
  }
}

/** The Redis client's error events: connection failures mark an outage, anything else is logged. */
export function coordinationErrorHandler(log: Logger, outages: DependencyOutages): (error: unknown) => void {
  return (error) => {
    if (isConnectionError(error)) outages.report('cache', error);
    else log.warn({ err: error }, 'coordination error');
  };
}
