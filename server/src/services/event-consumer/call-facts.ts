// What the consumer remembers about a call while it lasts (decision 0040), so that most events need
// no lookup: which call and tenant a channel is a leg of (a leg's call never changes once its row
// is committed), and the call's tenant's ids behind the switch's names (queue, agent, extension,
// trunk), read once per call. Bounded (least recently used first out) and forgotten shortly after
// the call ends: the events that trail a hangup (the queue exit, the other legs) still find it.
import type { CallPlace } from './calls.repo.ts';

interface CallEntry {
  tenantId: string | null;
  legs: Set<string>;
  ids: Map<string, string | null>;
}

/** How long an ended call is kept for the events that trail its hangup. */
const AFTER_END_MS = 10_000;

export class CallFacts {
  private readonly calls = new Map<string, CallEntry>();
  private readonly legCall = new Map<string, string>();
  private readonly ended: Array<{ callId: string; at: number }> = [];
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = 20_000) {}

  /** The call a channel is a committed leg of, as locate() would find it, or null (unknown here: ask the database). */
  placeOf(legId: string): CallPlace | null {
    const callId = this.legCall.get(legId);
    const entry = callId ? this.calls.get(callId) : undefined;
    if (!callId || !entry?.tenantId) {
      this.misses += 1;
      return null;
    }
    this.hits += 1;
    return { callId, tenantId: entry.tenantId, found: legId, asLeg: true };
  }

  /** Notes a leg whose row is committed (never before: a rolled-back leg would be believed). */
  noteLeg(legId: string, callId: string, tenantId: string): void {
    const entry = this.entry(callId);
    entry.tenantId = tenantId;
    entry.legs.add(legId);
    this.legCall.set(legId, callId);
  }

  /** The call's id behind a switch name, read once per call by `read`. */
  async idOf(callId: string, kind: string, name: string | null, read: () => Promise<string | null>): Promise<string | null> {
    if (!name) return null;
    const entry = this.entry(callId);
    const key = `${kind}:${name}`;
    if (entry.ids.has(key)) return entry.ids.get(key)!;
    const id = await read();
    entry.ids.set(key, id);
    return id;
  }

  /** The call ended: forgotten once the events that trail its hangup are past. */
  callEnded(callId: string, now = Date.now()): void {
    this.ended.push({ callId, at: now });
    while (this.ended.length > 0 && this.ended[0]!.at <= now - AFTER_END_MS) this.forget(this.ended.shift()!.callId);
  }

  forget(callId: string): void {
    const entry = this.calls.get(callId);
    if (!entry) return;
    for (const leg of entry.legs) if (this.legCall.get(leg) === callId) this.legCall.delete(leg);
    this.calls.delete(callId);
  }

  get size(): number {
    return this.calls.size;
  }

  private entry(callId: string): CallEntry {
    let entry = this.calls.get(callId);
    if (entry) {
      // Most recently used last.
      this.calls.delete(callId);
      this.calls.set(callId, entry);
      return entry;
    }
    entry = { tenantId: null, legs: new Set(), ids: new Map() };
    this.calls.set(callId, entry);
    while (this.calls.size > this.capacity) this.forget(this.calls.keys().next().value!);
    return entry;
  }
}
