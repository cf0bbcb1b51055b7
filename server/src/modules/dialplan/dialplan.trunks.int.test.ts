// Trunks in dialplan rules, for tenants whose codes are prefixes of each other: a rule reaches only
// its own tenant's trunks, and compiled versions bridge to the gateway named by the trunk's id
// (older versions are rewritten by the migration that introduced those names).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.ts';
import { createTenant, expectError, type TenantFixture, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const { call } = t;

const bridgeRule = (data: string) => ({
  context: 'outbound',
  name: 'out',
  conditionField: 'destination_number',
  conditionExpression: '^0(\\d+)$',
  actions: [{ application: 'bridge', data }],
});

async function prefixTenants(): Promise<{ code: string; acme: TenantFixture; acmeX: TenantFixture }> {
  const code = `acme${randomUUID().slice(0, 6)}`;
  return { code, acme: await createTenant(t.app, t.platform, { code }), acmeX: await createTenant(t.app, t.platform, { code: `${code}-x` }) };
}

async function createTrunk(tenant: TenantFixture, name: string): Promise<string> {
  const response = await call('POST', '/trunks', tenant.admin.session, { name, host: 'sip.carrier.example' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('trunks in dialplan rules', () => {
  it('reach only the tenant’s own trunks, compiled to the gateway named by the trunk id', async () => {
    const { code, acme, acmeX } = await prefixTenants();
    const own = await createTrunk(acme, 'main');
    const foreign = await createTrunk(acmeX, 'main');

    // acme-x's trunk, by its old gateway name (which begins with "<acme's code>-") or by its id.
    for (const data of [`sofia/gateway/${code}-x-main/$1`, `sofia/gateway/${foreign}/$1`, 'sofia/gateway/nothing/$1', `sofia/gateway/gw-${foreign}/$1`]) {
      const refused = await call('POST', '/dialplan/rules', acme.admin.session, bridgeRule(data));
      expectError(refused, 400, 'DIALPLAN_NOT_ALLOWED');
      expect(refused.json().details, data).toEqual([{ path: 'actions.0.data', message: expect.stringContaining('is not a trunk of this tenant') }]);
    }

    const created = await call('POST', '/dialplan/rules', acme.admin.session, bridgeRule(`[leg_timeout=20]sofia/gateway/main/$1|sofia/gateway/${code}-main/$1`));
    expect(created.statusCode, created.body).toBe(201);
    const version = await call('POST', '/dialplan/versions', acme.admin.session, { context: 'outbound' });
    expect(version.statusCode, version.body).toBe(201);
    const { xml } = version.json<{ xml: string }>();
    expect(xml).toContain(`data="[leg_timeout=20]sofia/gateway/gw-${own}/$1|sofia/gateway/gw-${own}/$1"`);
    expect(xml).not.toContain(foreign);

    // A trunk deleted since: nothing to bridge to, so no version is generated.
    expect((await call('DELETE', `/trunks/${own}`, acme.admin.session)).statusCode).toBe(204);
    expectError(await call('POST', '/dialplan/versions', acme.admin.session, { context: 'outbound' }), 400, 'UNKNOWN_TRUNK');
  });

  it('the migration rewrites each tenant’s compiled versions to its own trunks’ new gateway names only', async () => {
    const { code, acme, acmeX } = await prefixTenants();
    const own = await createTrunk(acme, 'main');
    const foreign = await createTrunk(acmeX, 'main');
    const oldVersion = (tenant: TenantFixture, data: string) =>
      t.db.withTenant(tenant.tenant.id, (tx) =>
        tx
          .insertInto('dialplanVersions')
          .values({ tenantId: tenant.tenant.id, context: 'legacy', number: 1, status: 'SUPERSEDED', xml: `<include><context name="x"><extension name="e"><condition><action application="bridge" data="${data}"/></condition></extension></context></include>` })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    // acme's version names its own old gateway, and (hostile, from before the checks) acme-x's.
    const acmeVersion = await oldVersion(acme, `sofia/gateway/${code}-main/1,sofia/gateway/${code}-x-main/2`);
    const acmeXVersion = await oldVersion(acmeX, `sofia/gateway/${code}-x-main/3`);

    const migration = readFileSync(path.join(MIGRATIONS_DIR, '20261123230000_gateway_names_by_trunk_id.sql'), 'utf8');
    await t.db.withPlatform((tx) => sql.raw(migration).execute(tx));

    const xmlOf = (tenant: TenantFixture, id: string) =>
      t.db.withTenant(tenant.tenant.id, async (tx) => (await tx.selectFrom('dialplanVersions').select('xml').where('id', '=', id).executeTakeFirstOrThrow()).xml);
    expect(await xmlOf(acme, acmeVersion.id)).toContain(`data="sofia/gateway/gw-${own}/1,sofia/gateway/${code}-x-main/2"`);
    expect(await xmlOf(acmeX, acmeXVersion.id)).toContain(`data="sofia/gateway/gw-${foreign}/3"`);
  });
});
