// The inventory's migration on data stored before it (decision 0063): written DIDs and caller IDs
// become E.164 and assignments of their tenant; a spelling it cannot read is left as it was.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../platform/db/migrate.ts';
import { createScratchDatabase } from '../../../test/harness.ts';

const MIGRATION = '20261201040001_phone_numbers.sql';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let owner: pg.Client;

beforeAll(async () => {
  scratch = await createScratchDatabase('numbers_migration');
  owner = new pg.Client({ connectionString: scratch.url });
  await owner.connect();
  // Back to the schema before the migration, as a database that never ran it.
  await owner.query(`DROP TABLE phone_numbers;
    DROP INDEX inbound_routes_did_key;
    CREATE UNIQUE INDEX inbound_routes_did_key ON inbound_routes ((ltrim(did_number, '+')));
    DELETE FROM schema_migrations WHERE name = '${MIGRATION}';`);
});
afterAll(async () => {
  await owner.end();
  await scratch.drop();
});

describe(MIGRATION, () => {
  it('stores legacy DIDs and caller IDs in E.164 and assigns them to their tenants', async () => {
    const tenant = async (code: string) =>
      (
        await owner.query<{ id: string }>(
          `INSERT INTO tenants (code, name, plan_id, telephony_domain) VALUES ($1, $1, 'trial', $1 || '.example.test') RETURNING id`,
          [code],
        )
      ).rows[0]!.id;
    const [one, two] = [await tenant('legacy-one'), await tenant('legacy-two')];
    const route = (tenantId: string, did: string) =>
      owner.query(
        `INSERT INTO inbound_routes (tenant_id, did_number, destination_type, destination_number) VALUES ($1, $2, 'EXTENSION', '100')`,
        [tenantId, did],
      );
    await route(one, '1130002000');
    await route(one, '551130002001');
    await route(two, '+551130002002');
    await route(two, '4004');
    const queue = (
      await owner.query<{ id: string }>(
        `INSERT INTO queues (tenant_id, name) VALUES ($1, 'q') RETURNING id`,
        [one],
      )
    ).rows[0]!.id;
    const trunk = (
      await owner.query<{ id: string }>(
        `INSERT INTO trunks (tenant_id, name, host) VALUES ($1, 't', 'sip.example.test') RETURNING id`,
        [one],
      )
    ).rows[0]!.id;
    await owner.query(
      `INSERT INTO campaigns (tenant_id, name, queue_id, trunk_id, pacing_min, pacing_max, caller_id) VALUES ($1, 'c', $2, $3, 1, 2, '01130002009')`,
      [one, queue, trunk],
    );

    await migrate(scratch.url);

    const routes = await owner.query<{ did_number: string }>(
      'SELECT did_number FROM inbound_routes ORDER BY did_number',
    );
    expect(routes.rows.map((row) => row.did_number)).toEqual([
      '+551130002000',
      '+551130002001',
      '+551130002002',
      '4004',
    ]);
    const held = await owner.query<{ tenant_id: string; number: string }>(
      'SELECT tenant_id, number FROM phone_numbers ORDER BY number',
    );
    expect(held.rows).toEqual([
      { tenant_id: one, number: '+551130002000' },
      { tenant_id: one, number: '+551130002001' },
      { tenant_id: two, number: '+551130002002' },
      { tenant_id: one, number: '+551130002009' },
    ]);
    expect((await owner.query('SELECT caller_id FROM campaigns')).rows).toEqual([
      { caller_id: '+551130002009' },
    ]);
  });
});
