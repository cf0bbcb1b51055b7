// The capped count of GET /calls?phone= (decision 0032, 0041): right whichever side carries the
// number (both sides once), capped as every count, and answered from the key indexes alone, so a
// number on a large share of the calls (the tenant's DID) costs an index range, not a table scan.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, useTestApp, type TenantFixture } from '../../../test/harness.ts';
import { callCountQuery, countCalls } from './calls.repo.ts';
import { insertCall } from './test-support.ts';

const t = useTestApp();
let a: TenantFixture;
const key = '11987654321';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

beforeAll(async () => {
  a = await createTenant(t.app, t.platform);
  const tenant = a.tenant.id;
  await insertCall(t, tenant, { callerNumber: '+55 11 98765-4321', calledNumber: '1130000010' });
  await insertCall(t, tenant, { callerNumber: '1130000010', calledNumber: '011987654321' });
  // The same number on both sides (a test call to oneself): one call, counted once.
  await insertCall(t, tenant, { callerNumber: '11987654321', calledNumber: '5511987654321' });
  await insertCall(t, tenant, { callerNumber: '21999990000', calledNumber: '1130000010', createdAt: new Date('2026-01-01T00:00:00Z') });
  await insertCall(t, tenant, { callerNumber: null, calledNumber: '11987654321' });
});

const count = (filters: Parameters<typeof countCalls>[1], limit = 100) => t.db.withTenant(a.tenant.id, (tx) => countCalls(tx, filters, limit));

describe('the capped count of a phone filter', () => {
  it('counts each matching call once, caller or called', async () => {
    expect(await count({ phoneKey: key })).toBe(4);
    expect(await count({ phoneKey: '1130000010' })).toBe(3);
    expect(await count({ phoneKey: '1130000010', from: new Date('2026-02-01T00:00:00Z') })).toBe(2);
    expect(await count({ phoneKey: '0000' })).toBe(0);
  });

  it('stops past the limit, so "more than limit" is known and never more is read', async () => {
    // limit + 1 is the most a capped count answers (cappedTotal turns it into "limit, inexact").
    expect(await count({ phoneKey: key }, 2)).toBeGreaterThan(2);
    expect(await count({ phoneKey: key }, 2)).toBeLessThanOrEqual(6);
    expect(await count({ phoneKey: key }, 3)).toBe(4);
    expect(await count({ phoneKey: key }, 4)).toBe(4);
  });

  it('is answered from the caller and called key indexes alone (no table scan, no heap row read for the keys)', async () => {
    const plan = await t.db.withTenant(a.tenant.id, async (tx) => {
      // A tiny table would be scanned whole whatever the indexes; what matters is which plans exist.
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
      const compiled = callCountQuery({ phoneKey: key }, 10_050).compile(tx);
      const { rows } = await tx.executeQuery<{ 'QUERY PLAN': unknown }>({ ...compiled, sql: `EXPLAIN (FORMAT JSON) ${compiled.sql}` });
      return rows[0]!['QUERY PLAN'];
    });
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Relation Name'] === 'calls') scans.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
      for (const child of node.Plans ?? []) walk(child);
    };
    const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    walk(root[0]!.Plan);
    expect(scans.sort(), JSON.stringify(root)).toEqual(['Index Only Scan calls_called_key_idx', 'Index Only Scan calls_caller_key_idx']);
  });
});
