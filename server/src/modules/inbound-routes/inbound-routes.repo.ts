import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { InboundDestinationType, InboundRoutesTable } from '../../platform/db/schema.ts';
import type { InboundRoute, InboundRouteCreateBody, InboundRoutePatchBody } from './inbound-routes.schema.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export function toRoute(row: Selectable<InboundRoutesTable>): InboundRoute {
  return {
    id: row.id,
    didNumber: row.didNumber,
    destinationType: row.destinationType,
    destinationNumber: row.destinationNumber,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const live = (tx: Tx) => tx.selectFrom('inboundRoutes').selectAll().where('deletedAt', 'is', null);

export const listRoutes = (tx: Tx) => live(tx).orderBy('didNumber').execute();

export const findRoute = (tx: Tx, id: string) => live(tx).where('id', '=', id).executeTakeFirst();

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
const toColumns = (body: InboundRoutePatchBody) => namedColumns(body, ['didNumber', 'destinationType', 'destinationNumber', 'description']);

export const insertRoute = (tx: Tx, tenantId: string, body: InboundRouteCreateBody) =>
  tx
    .insertInto('inboundRoutes')
    .values({
      tenantId,
      didNumber: body.didNumber,
      destinationType: body.destinationType,
      destinationNumber: body.destinationNumber,
      description: body.description ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateRoute = (tx: Tx, id: string, body: InboundRoutePatchBody) =>
  tx.updateTable('inboundRoutes').set(toColumns(body)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const softDeleteRoute = (tx: Tx, id: string) =>
  tx.updateTable('inboundRoutes').set({ deletedAt: new Date() }).where('id', '=', id).execute();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the destination exists among the tenant's own live rows. */
export async function destinationExists(tx: Tx, type: InboundDestinationType, value: string): Promise<boolean> {
  switch (type) {
    case 'EXTENSION':
      return (await tx.selectFrom('extensions').select('id').where('deletedAt', 'is', null).where('number', '=', value).executeTakeFirst()) !== undefined;
    case 'IVR':
      return (await liveMenuId(tx, value)) !== null;
    case 'QUEUE':
      if (!UUID.test(value)) return false;
      return (await tx.selectFrom('queues').select('id').where('deletedAt', 'is', null).where('id', '=', value).executeTakeFirst()) !== undefined;
    case 'CALL_GROUP':
      return (await tx.selectFrom('extensions').select('id').where('deletedAt', 'is', null).where('callGroup', '=', value).executeTakeFirst()) !== undefined;
  }
}

/**
 * The live IVR menu a route names: by its id, or by its context (accepted for compatibility,
 * decision 0074); null when the tenant has no such menu.
 */
export async function liveMenuId(tx: Tx, value: string): Promise<string | null> {
  const menus = tx.selectFrom('ivrMenus').select('id').where('deletedAt', 'is', null);
  const row = UUID.test(value)
    ? await menus.where('id', '=', value).executeTakeFirst()
    : await menus.where('context', '=', value).executeTakeFirst();
  return row?.id ?? null;
}

/** Whether a live inbound route of the tenant sends calls to this destination (then it may not go). */
export async function routedTo(tx: Tx, type: InboundDestinationType, value: string): Promise<boolean> {
  return (await live(tx).select('id').where('destinationType', '=', type).where('destinationNumber', '=', value).executeTakeFirst()) !== undefined;
}
