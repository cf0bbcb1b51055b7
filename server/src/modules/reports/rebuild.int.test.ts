// `npm run reports:rebuild`: a rollup row broken by hand is right again after the CLI's rebuild,
// for the tenant named by code or by id, and another tenant's rows are left as they were.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { QueueReport } from '@callcenter/rules/reports/shapes';
import { createTenant, testDatabaseUrl, useTestApp, type Session } from '../../../test/harness.ts';
import { rebuildReports } from './rebuild.ts';
import { at, plus, queueCall, rollupsMatchRecomputation } from './test-support.ts';

const t = useTestApp();
const DAY = { from: '2026-11-20T03:00:00.000Z', to: '2026-11-21T03:00:00.000Z' };

async function tenantWithTraffic() {
  const { tenant, admin } = await createTenant(t.app, t.platform);
  const queueId = await t.createId('/queues', admin.session, { name: 'Suporte' });
  const nine = at('2026-11-20T12:00:00Z');
  await queueCall(t.db, tenant.id, { queueId, joinedAt: nine, answerAfter: 10, leaveAfter: 60 });
  await queueCall(t.db, tenant.id, { queueId, joinedAt: plus(nine, 100), leaveAfter: 30 });
  return { tenant, admin: admin.session };
}

async function totals(session: Session) {
  const response = await t.call('GET', `/reports/queues?${new URLSearchParams(DAY)}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QueueReport>().totals;
}

/** What a bug or a hand-made edit would do: rollup rows (fine and coarse) off by some calls and seconds. */
const breakRollup = (tenantId: string) =>
  t.db.withPlatform(async (tx) => {
    for (const table of ['report_queue_intervals', 'report_queue_campaign_intervals']) {
      await sql`UPDATE ${sql.table(table)} SET offered = offered + 5, abandoned = abandoned + 5, wait_abandoned_ms = wait_abandoned_ms + 999000
        WHERE tenant_id = ${tenantId}::uuid`.execute(tx);
    }
  });

describe('reports:rebuild', () => {
  it('recomputes the named tenant’s rollups from its raw rows, by code or by id, and touches no other tenant', async () => {
    const first = await tenantWithTraffic();
    const second = await tenantWithTraffic();
    const right = await totals(first.admin);
    expect(right).toMatchObject({ offered: 2, answered: 1, abandoned: 1, averageAbandonWaitSeconds: 30 });

    await breakRollup(first.tenant.id);
    await breakRollup(second.tenant.id);
    expect((await totals(first.admin)).offered).toBe(7);
    expect(Object.keys(await rollupsMatchRecomputation(t.db, first.tenant.id))).toEqual(['report_queue_intervals', 'report_queue_campaign_intervals']);

    expect(await rebuildReports(testDatabaseUrl(), { tenant: first.tenant.code.toUpperCase() })).toEqual([{ id: first.tenant.id, code: first.tenant.code }]);
    expect(await totals(first.admin)).toEqual(right);
    expect(await rollupsMatchRecomputation(t.db, first.tenant.id)).toEqual({});
    // The other tenant is still broken until it is named.
    expect((await totals(second.admin)).offered).toBe(7);
    await rebuildReports(testDatabaseUrl(), { tenant: second.tenant.id });
    expect((await totals(second.admin)).offered).toBe(2);
    expect(await rollupsMatchRecomputation(t.db, second.tenant.id)).toEqual({});
  });

  it('waits for a writer holding the raw tables, and never makes it a deadlock victim when it wants another', async () => {
    const { tenant, admin } = await tenantWithTraffic();
    await breakRollup(tenant.id);
    // A consumer transaction in the middle of a call's end: calls written, queue entries next.
    const writer = new pg.Client({ connectionString: testDatabaseUrl() });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('LOCK TABLE calls IN ROW EXCLUSIVE MODE');
      let done = false;
      const rebuilt = rebuildReports(testDatabaseUrl(), { tenant: tenant.id }).finally(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      // The rebuild may hold queue_entries by now: the writer gets it all the same, unharmed.
      await writer.query('LOCK TABLE queue_entries IN ROW EXCLUSIVE MODE');
      await new Promise((resolve) => setTimeout(resolve, 1_200)); // past PostgreSQL's deadlock_timeout
      await writer.query('COMMIT');
      expect(await rebuilt).toEqual([{ id: tenant.id, code: tenant.code }]);
    } finally {
      await writer.end();
    }
    expect((await totals(admin)).offered).toBe(2);
    expect(await rollupsMatchRecomputation(t.db, tenant.id)).toEqual({});
  });

  it('rebuilds every tenant with --all', async () => {
    const first = await tenantWithTraffic();
    const second = await tenantWithTraffic();
    await breakRollup(first.tenant.id);
    await breakRollup(second.tenant.id);
    const rebuilt = await rebuildReports(testDatabaseUrl(), { all: true });
    expect(rebuilt).toEqual(expect.arrayContaining([{ id: first.tenant.id, code: first.tenant.code }, { id: second.tenant.id, code: second.tenant.code }]));
    for (const { tenant, admin } of [first, second]) {
      expect((await totals(admin)).offered).toBe(2);
      expect(await rollupsMatchRecomputation(t.db, tenant.id)).toEqual({});
    }
  });

  it('refuses a tenant that does not exist', async () => {
    await expect(rebuildReports(testDatabaseUrl(), { tenant: 'no-such-tenant-here' })).rejects.toThrow('no tenant has the code or id "no-such-tenant-here"');
  });
});
