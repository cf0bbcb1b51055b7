// Isolation proved at the SQL level, as the application role, with no application code in between.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseUrl } from '../../../test/harness.ts';
import { TEST_ENCRYPTION_KEY, testRolePasswords } from '../../../test/env.ts';
import { readAsTenant, type DatabaseHandles } from './database.ts';
import { APP_ROLE, PLATFORM_ROLE, urlForRole } from './roles.ts';

let db: DatabaseHandles;
let app: pg.Client; // the application role, connected directly
let owner: pg.Client;
const tenantA = randomUUID();
const tenantB = randomUUID();
let ruleOfB: string;

async function insertTenant(id: string) {
  await owner.query(
    `INSERT INTO tenants (id, code, name, plan_id, telephony_domain) VALUES ($1, $2, 'T', 'trial', $3)`,
    [id, `rls-${id.slice(0, 8)}`, `${id.slice(0, 8)}.rls.test`],
  );
  const { rows } = await owner.query<{ id: string }>(
    `INSERT INTO dialplan_rules (tenant_id, context, name, condition_field, condition_expression)
     VALUES ($1, 'default', 'r', 'destination_number', '^1$') RETURNING id`,
    [id],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  db = openTestDatabase();
  owner = new pg.Client({ connectionString: testDatabaseUrl() });
  await owner.connect();
  await insertTenant(tenantA);
  ruleOfB = await insertTenant(tenantB);
  app = new pg.Client({ connectionString: urlForRole(testDatabaseUrl(), APP_ROLE, testRolePasswords(TEST_ENCRYPTION_KEY)[APP_ROLE]!) });
  await app.connect();
});

afterAll(async () => {
  await app.end();
  await owner.end();
  await db.close();
});

describe('row-level security', () => {
  it('shows no tenant row at all without the tenant setting', async () => {
    expect((await app.query('SELECT * FROM dialplan_rules')).rowCount).toBe(0);
    expect((await app.query('SELECT * FROM tenants')).rowCount).toBe(0);
    expect((await app.query('SELECT * FROM tenant_memberships')).rowCount).toBe(0);
    expect((await app.query('SELECT * FROM audit_log')).rowCount).toBe(0);
  });

  it("shows only the current tenant's rows", async () => {
    const rows = await db.withTenant(tenantA, (tx) => tx.selectFrom('dialplanRules').select('tenantId').execute());
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.tenantId))).toEqual(new Set([tenantA]));
  });

  it("can neither read, update nor delete a row of another tenant by its id", async () => {
    await db.withTenant(tenantA, async (tx) => {
      expect(await tx.selectFrom('dialplanRules').select('id').where('id', '=', ruleOfB).execute()).toHaveLength(0);
      const updated = await tx.updateTable('dialplanRules').set({ name: 'stolen' }).where('id', '=', ruleOfB).executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(0n);
    });
    const { rows } = await owner.query<{ name: string }>('SELECT name FROM dialplan_rules WHERE id = $1', [ruleOfB]);
    expect(rows[0]!.name).toBe('r');
  });

  it('refuses to insert a row into another tenant', async () => {
    await expect(
      db.withTenant(tenantA, (tx) =>
        tx
          .insertInto('dialplanRules')
          .values({ tenantId: tenantB, context: 'default', name: 'x', conditionField: 'destination_number', conditionExpression: '^1$' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('refuses to move a row of its own tenant into another', async () => {
    await expect(
      db.withTenant(tenantA, (tx) => tx.updateTable('dialplanRules').set({ tenantId: tenantB }).execute()),
    ).rejects.toThrow(/row-level security/);
  });

  it('reads every tenant on the platform path, in one statement without a transaction', async () => {
    const rows = await db.readAsPlatform((platform) =>
      platform.selectFrom('dialplanRules').select('tenantId').where('tenantId', 'in', [tenantA, tenantB]).execute(),
    );
    expect(new Set(rows.map((row) => row.tenantId))).toEqual(new Set([tenantA, tenantB]));
    // A statement is its own transaction exactly when the transaction started with it (after a BEGIN, it starts later).
    const alone = sql<{ alone: boolean }>`SELECT transaction_timestamp() = statement_timestamp() AS alone`;
    expect((await db.readAsPlatform((platform) => alone.execute(platform))).rows).toEqual([{ alone: true }]);
    expect((await db.withPlatform((tx) => alone.execute(tx))).rows).toEqual([{ alone: false }]);
  });

  it('keeps the setting inside its transaction', async () => {
    await db.withTenant(tenantA, (tx) => tx.selectFrom('tenants').select('id').execute());
    expect((await app.query("SELECT current_setting('app.tenant_id', true) AS t")).rows[0].t ?? '').toBe('');
  });

  describe('readAsTenant (one round trip)', () => {
    const tenantOfRules = 'SELECT tenant_id FROM dialplan_rules';
    const settingNow = async () => (await app.query("SELECT current_setting('app.tenant_id', true) AS t")).rows[0].t ?? '';

    it("shows only the tenant's rows, under row-level security", async () => {
      const rows = await db.readAsTenant<{ tenant_id: string }>(tenantA, tenantOfRules);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.tenant_id))).toEqual(new Set([tenantA]));
      // Row-level security, not a filter of ours: even a read asking for the other tenant by id sees nothing.
      expect(await db.readAsTenant(tenantA, `SELECT id FROM dialplan_rules WHERE tenant_id = '${tenantB}'`)).toEqual([]);
    });

    it('leaves nothing behind on its connection: the next query there sees no tenant and no row', async () => {
      expect((await readAsTenant(app, tenantA, tenantOfRules)).length).toBeGreaterThan(0);
      expect(await settingNow()).toBe('');
      expect((await app.query('SELECT * FROM dialplan_rules')).rowCount).toBe(0);
      // Another tenant's read on the same connection sees only its own rows.
      const rows = await readAsTenant<{ tenant_id: string }>(app, tenantB, tenantOfRules);
      expect(new Set(rows.map((row) => row.tenant_id))).toEqual(new Set([tenantB]));
      expect(await settingNow()).toBe('');
    });

    it('leaves nothing behind when its statement fails, and no transaction open', async () => {
      await expect(readAsTenant(app, tenantA, 'SELECT 1 / 0 FROM dialplan_rules')).rejects.toThrow(/division by zero/);
      expect(await settingNow()).toBe('');
      expect((await app.query('SELECT * FROM dialplan_rules')).rowCount).toBe(0);
      expect((await app.query('SELECT now() = statement_timestamp() AS outside')).rows[0].outside).toBe(true);
    });

    it('takes only a UUID as tenant and one statement, so nothing can be appended to its query', async () => {
      await expect(readAsTenant(app, `${tenantA}', false); SELECT set_config('app.tenant_id', '${tenantB}`, 'SELECT 1')).rejects.toThrow(/UUID/);
      await expect(readAsTenant(app, '', 'SELECT 1')).rejects.toThrow(/UUID/);
      await expect(readAsTenant(app, tenantA, `SELECT 1; SELECT set_config('app.tenant_id', '${tenantB}', false)`)).rejects.toThrow(/one statement/);
      expect(await settingNow()).toBe('');
    });
  });

  it('guards every table that has a tenant_id: RLS on, and a tenant policy wherever the app role has access', async () => {
    const { rows } = await owner.query<{ table_name: string; rls: boolean; app_access: boolean; tenant_policy: boolean }>(`
      SELECT c.relname AS table_name, c.relrowsecurity AS rls,
             has_table_privilege('${APP_ROLE}', c.oid, 'SELECT,INSERT,UPDATE,DELETE') AS app_access,
             EXISTS (SELECT 1 FROM pg_policies p
                     WHERE p.tablename = c.relname AND '${APP_ROLE}' = ANY (p.roles)
                       AND p.qual LIKE '%app_current_tenant()%') AS tenant_policy
      FROM information_schema.columns col
      JOIN pg_class c ON c.relname = col.table_name AND c.relkind = 'r'
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE col.column_name = 'tenant_id' AND col.table_schema = 'public'`);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row.rls, row.table_name).toBe(true);
      if (row.app_access) expect(row.tenant_policy, row.table_name).toBe(true);
    }
  });

  it('connects as roles that own no table and cannot bypass RLS', async () => {
    const { rows } = await owner.query<{ rolname: string; rolbypassrls: boolean; rolsuper: boolean }>(
      'SELECT rolname, rolbypassrls, rolsuper FROM pg_roles WHERE rolname = ANY($1)',
      [[APP_ROLE, PLATFORM_ROLE]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ rolbypassrls: false, rolsuper: false });
    const owned = await owner.query('SELECT tablename FROM pg_tables WHERE tableowner = ANY($1)', [[APP_ROLE, PLATFORM_ROLE]]);
    expect(owned.rowCount).toBe(0);
    expect((await app.query('SELECT current_user AS u')).rows[0].u).toBe(APP_ROLE);
  });
});

describe('audit log', () => {
  it('refuses UPDATE and DELETE, even to the owner', async () => {
    const { rows } = await owner.query<{ id: string }>(
      `INSERT INTO audit_log (tenant_id, action) VALUES ($1, 'TEST') RETURNING id`,
      [tenantA],
    );
    const id = rows[0]!.id;
    await expect(owner.query(`UPDATE audit_log SET action = 'X' WHERE id = $1`, [id])).rejects.toThrow(/immutable/);
    await expect(owner.query('DELETE FROM audit_log WHERE id = $1', [id])).rejects.toThrow(/immutable/);
    await expect(owner.query('TRUNCATE audit_log')).rejects.toThrow(/immutable/);
  });

  it('gives the application roles no UPDATE or DELETE privilege on it', async () => {
    await expect(app.query(`UPDATE audit_log SET action = 'X'`)).rejects.toThrow(/permission denied/);
    await expect(app.query('DELETE FROM audit_log')).rejects.toThrow(/permission denied/);
  });
});

describe('trunk names', () => {
  it('are labels, unique per tenant whatever their case, deleted trunks included', async () => {
    await owner.query(`INSERT INTO trunks (tenant_id, name, host) VALUES ($1, 'Vivo SP-01', 'h')`, [tenantA]);
    await expect(owner.query(`INSERT INTO trunks (tenant_id, name, host) VALUES ($1, 'VIVO sp-01', 'h')`, [tenantA])).rejects.toThrow(/unique/);
    await owner.query(`UPDATE trunks SET deleted_at = now() WHERE tenant_id = $1 AND name = 'Vivo SP-01'`, [tenantA]);
    await expect(owner.query(`INSERT INTO trunks (tenant_id, name, host) VALUES ($1, 'vivo sp-01', 'h')`, [tenantA])).rejects.toThrow(/unique/);
    // Another tenant may use the same label.
    await owner.query(`INSERT INTO trunks (tenant_id, name, host) VALUES ($1, 'Vivo SP-01', 'h')`, [tenantB]);
  });
});
