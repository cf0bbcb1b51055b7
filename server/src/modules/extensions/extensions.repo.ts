import type { Selectable, Updateable } from 'kysely';
import { isoText, type Tx } from '../../platform/db/database.ts';
import { routedTo } from '../inbound-routes/inbound-routes.repo.ts';
import { menusTargeting } from '../ivr-menus/ivr-menus.repo.ts';
import type { ExtensionsTable } from '../../platform/db/schema.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { Extension, ExtensionCreateBody, ExtensionPatchBody } from './extensions.schema.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export type ExtensionRow = Selectable<ExtensionsTable>;

/** Never the sealed password: it leaves only through the password endpoints. */
export function toExtension(row: ExtensionRow, domain: string): Extension {
  return {
    id: row.id,
    number: row.number,
    domain,
    callerId: row.callerId,
    context: row.context,
    sipProfile: row.sipProfile,
    codecs: row.codecs as Extension['codecs'],
    maxRegistrations: row.maxRegistrations,
    callGroup: row.callGroup,
    registeredAt: iso(row.registeredAt),
    lastRegistrationFailureAt: iso(row.lastRegistrationFailureAt),
    lastRegistrationFailureIp: row.lastRegistrationFailureIp,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const live = (tx: Tx) => tx.selectFrom('extensions').selectAll().where('deletedAt', 'is', null);

/** The list as the API sends it, shaped in SQL with the tenant's domain joined (the hot read: for readAsTenant, no per-row work). */
export const LIST_EXTENSIONS = `
  SELECT e.id, e.number, t.telephony_domain AS domain, e.caller_id AS "callerId", e.context,
         e.sip_profile AS "sipProfile", e.codecs, e.max_registrations AS "maxRegistrations",
         e.call_group AS "callGroup", ${isoText('e.registered_at')} AS "registeredAt",
         ${isoText('e.last_registration_failure_at')} AS "lastRegistrationFailureAt", e.last_registration_failure_ip AS "lastRegistrationFailureIp",
         ${isoText('e.created_at')} AS "createdAt", ${isoText('e.updated_at')} AS "updatedAt"
  FROM extensions e JOIN tenants t ON t.id = e.tenant_id
  WHERE e.deleted_at IS NULL
  ORDER BY e.number`;

export const findExtension = (tx: Tx, id: string) => live(tx).where('id', '=', id).executeTakeFirst();

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
export const columnsOf = (body: ExtensionPatchBody) => namedColumns(body, ['callerId', 'context', 'sipProfile', 'codecs', 'maxRegistrations', 'callGroup']);

export const insertExtension = (tx: Tx, tenantId: string, body: ExtensionCreateBody, sipPasswordSealed: string) =>
  tx
    .insertInto('extensions')
    .values({ ...columnsOf(body), tenantId, number: body.number, sipPasswordSealed })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateExtension = (tx: Tx, id: string, columns: Updateable<ExtensionsTable>) =>
  tx.updateTable('extensions').set(columns).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** What still points at an extension number: inbound routes, IVR options, agents. */
export async function usesOf(tx: Tx, row: ExtensionRow): Promise<string[]> {
  const uses: string[] = [];
  if (await routedTo(tx, 'EXTENSION', row.number)) uses.push('an inbound route');
  // An option or the failure target of a menu.
  if ((await menusTargeting(tx, 'EXTENSION', row.number)).length > 0) uses.push('an IVR menu');
  const agent = await tx.selectFrom('agents').select('id').where('deletedAt', 'is', null).where('extensionId', '=', row.id).executeTakeFirst();
  if (agent) uses.push('an agent');
  return uses;
}
