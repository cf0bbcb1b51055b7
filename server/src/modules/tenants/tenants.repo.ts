import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { TenantsTable } from '../../platform/db/schema.ts';
import type { Tenant, TenantPatchBody } from './tenants.schema.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export function toTenant(row: Selectable<TenantsTable>, memberCount?: number): Tenant {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    planId: row.planId,
    telephonyDomain: row.telephonyDomain,
    timezone: row.timezone,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    ...(memberCount !== undefined ? { memberCount } : {}),
  };
}

export const listTenantsWithMemberCount = (tx: Tx) =>
  tx
    .selectFrom('tenants as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('tenantMemberships as m')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('m.tenantId', '=', 't.id')
        .as('memberCount'),
    )
    .orderBy('t.createdAt', 'desc')
    .execute();

export const findTenant = (tx: Tx, id: string) => tx.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
const toColumns = (body: TenantPatchBody) => namedColumns(body, ['status', 'planId', 'name']);

export const updateTenant = (tx: Tx, id: string, body: TenantPatchBody) =>
  tx.updateTable('tenants').set(toColumns(body)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
