// Natural batching of the consumer's tenant writes (decision 0040). A write that finds its tenant
// idle starts a transaction at once (the latency of one event); writes that arrive while the
// tenant's transactions are in flight wait, and the next transaction takes all of them, up to
// maxBatch, each under its own savepoint (DatabaseHandles.withTenantBatch). Under load batches grow
// by themselves; nothing waits on a timer. A unit resolves only after its transaction committed,
// so what its caller emits afterwards is never about an uncommitted row. Order: a tenant's units
// start in the order given; two units of one call or one agent are never in flight together,
// because the consumer's per-key lines wait for a unit before giving the next (event-consumer.ts).
import type { BatchOptions, BatchOutcome, DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { eventRowKey, insertEvents, type NewEvent } from './calls.repo.ts';

export interface WriteBatcherOptions {
  /**
   * Units per transaction at most. 64: PostgreSQL keeps 64 subtransactions of a backend in shared
   * memory; beyond that every other session's snapshot overflows to pg_subtrans (slower reads).
   */
  maxBatch?: number;
  /** Transactions of one tenant in flight at once (more: more connections, smaller batches). */
  perTenant?: number;
  /** Transactions of all tenants in flight at once: the rest of the pool stays for the API. */
  total?: number;
}

/**
 * A unit's work. `fresh`: whether its event row (given with the unit) was new, from the batch's one
 * multi-row INSERT; null when the unit must insert its row itself (no row given, or the batch is
 * re-run with a savepoint per unit, where that INSERT is not made).
 */
export type BatchedWork<T> = (tx: Tx, fresh: boolean | null) => Promise<T>;

interface Unit {
  fn: BatchedWork<unknown>;
  event: NewEvent | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface TenantQueue {
  pending: Unit[];
  inFlight: number;
}

export interface BatchStats {
  batches: number;
  units: number;
  failedUnits: number;
  largest: number;
  /** Event rows inserted together by a batch's multi-row INSERT (committed or not). */
  eventRowsTogether: number;
}

export class WriteBatcher {
  private readonly tenants = new Map<string, TenantQueue>();
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly perTenant: number;
  private readonly total: number;
  /** What the batches have been (metrics, logs and tests). */
  readonly stats: BatchStats = { batches: 0, units: 0, failedUnits: 0, largest: 0, eventRowsTogether: 0 };

  constructor(
    private readonly db: Pick<DatabaseHandles, 'withTenantBatch'>,
    options: WriteBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 64;
    this.perTenant = options.perTenant ?? 2;
    this.total = options.total ?? 6;
  }

  /** Runs fn in a transaction as tenantId, alone or with the tenant's other waiting units; resolves after the commit. */
  withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.withEvent(tenantId, undefined, (tx) => fn(tx));
  }

  /**
   * withTenant for a unit that stores an event row of a call already committed: the row goes in
   * the batch's one multi-row INSERT when there is one, and fn is told whether it was new.
   */
  withEvent<T>(tenantId: string, event: NewEvent | undefined, fn: BatchedWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let queue = this.tenants.get(tenantId);
      if (!queue) this.tenants.set(tenantId, (queue = { pending: [], inFlight: 0 }));
      queue.pending.push({ fn, event, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Starts a transaction for every tenant with waiting units, oldest-served first, within the bounds. */
  private pump(): void {
    for (const [tenantId, queue] of this.tenants) {
      if (this.inFlight >= this.total) return;
      if (queue.pending.length === 0 || queue.inFlight >= this.perTenant) continue;
      const units = queue.pending.splice(0, this.maxBatch);
      // Served: to the back of the line, so a busy tenant does not starve the others.
      this.tenants.delete(tenantId);
      this.tenants.set(tenantId, queue);
      queue.inFlight += 1;
      this.inFlight += 1;
      void this.apply(tenantId, units).finally(() => {
        queue.inFlight -= 1;
        this.inFlight -= 1;
        if (this.tenants.get(tenantId) === queue) {
          // Just served: behind every tenant that waited meanwhile; gone when it has nothing left.
          this.tenants.delete(tenantId);
          if (queue.inFlight > 0 || queue.pending.length > 0) this.tenants.set(tenantId, queue);
        }
        this.pump();
      });
    }
  }

  private async apply(tenantId: string, units: Unit[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.units += units.length;
    this.stats.largest = Math.max(this.stats.largest, units.length);
    // The event rows of the batch in one statement (optimistic attempt only: the savepoint re-run
    // lets each unit insert its own, so a failed unit's row goes with it).
    const events = units.flatMap((unit) => (unit.event ? [unit.event] : []));
    let fresh: Set<string> | null = null;
    const options: BatchOptions =
      events.length > 1
        ? {
            prelude: async (tx) => {
              fresh = await insertEvents(tx, events);
              this.stats.eventRowsTogether += events.length;
            },
          }
        : {};
    const work = units.map((unit) => (tx: Tx, isolated: boolean) => {
      const known: Set<string> | null = isolated ? null : fresh;
      return unit.fn(tx, known && unit.event ? known.has(eventRowKey(unit.event)) : null);
    });
    let outcomes: Array<BatchOutcome<unknown>>;
    try {
      outcomes = await this.db.withTenantBatch(tenantId, work, options);
    } catch (error) {
      this.stats.failedUnits += units.length;
      for (const unit of units) unit.reject(error);
      return;
    }
    // In the order given: callers emit in the order their units were applied.
    for (const [index, unit] of units.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else {
        this.stats.failedUnits += 1;
        unit.reject(outcome.error);
      }
    }
  }

  /** Units waiting or in flight (tests). */
  get busy(): boolean {
    return this.inFlight > 0 || [...this.tenants.values()].some((queue) => queue.pending.length > 0);
  }
}
