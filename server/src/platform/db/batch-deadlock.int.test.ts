// Two batches of one tenant that lock the same rows in opposite orders deadlock; PostgreSQL aborts
// one. withTenantBatch runs the victim's units again, so both batches' writes are kept.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTenant, useTestApp } from '../../../test/harness.ts';
import type { Tx } from './database.ts';

const t = useTestApp();

describe('withTenantBatch and deadlocks', () => {
  it('runs the deadlock victim’s units again: every write of both batches is kept', async () => {
    const { tenant, admin } = await createTenant(t.app, t.platform);
    const first = await t.createId('/queues', admin.session, { name: 'primeira', maxWaitTime: 100 });
    const second = await t.createId('/queues', admin.session, { name: 'segunda', maxWaitTime: 100 });
    // Both batches hold their first row before either asks for its second.
    let arrived = 0;
    let release = () => {};
    const bothHold = new Promise<void>((resolve) => (release = resolve));
    const bump = (tx: Tx, queueId: string) => sql`UPDATE queues SET max_wait_time = max_wait_time + 1 WHERE id = ${queueId}::uuid`.execute(tx);
    // One unit per batch: the victim's batch has no other unit to keep, its event would be lost.
    const crossing = (from: string, to: string) => async (tx: Tx) => {
      await bump(tx, from);
      arrived += 1;
      if (arrived === 2) release();
      await Promise.race([bothHold, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await bump(tx, to);
      return from;
    };
    const [one, two] = await Promise.all([
      t.db.withTenantBatch(tenant.id, [crossing(first, second)]),
      t.db.withTenantBatch(tenant.id, [crossing(second, first)]),
    ]);
    expect([...one!, ...two!].every((outcome) => outcome.ok)).toBe(true);
    const rows = await t.db.withTenant(tenant.id, (tx) => tx.selectFrom('queues').select(['id', 'maxWaitTime']).where('id', 'in', [first, second]).execute());
    expect(rows.map((row) => row.maxWaitTime).sort()).toEqual([102, 102]);
  });
});
