import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { TrunksTable } from '../../platform/db/schema.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { Trunk } from './trunks.schema.ts';

/** Never the sealed password: trunk passwords are write-only. */
export function toTrunk(row: Selectable<TrunksTable>): Trunk {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    proxy: row.proxy,
    realm: row.realm,
    register: row.register,
    username: row.username,
    hasPassword: row.passwordSealed !== null,
    dtmfMode: row.dtmfMode,
    ping: row.ping,
    transport: row.transport,
    fromUser: row.fromUser,
    fromDomain: row.fromDomain,
    registerProxy: row.registerProxy,
    outboundProxy: row.outboundProxy,
    expireSeconds: row.expireSeconds,
    callerIdInFrom: row.callerIdInFrom,
    cpsLimit: row.cpsLimit,
    status: row.status,
    statusUpdatedAt: iso(row.statusUpdatedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The unique index of names: per tenant, without regard to case, deleted trunks included. */
export const TRUNK_NAME_KEY = 'trunks_tenant_id_lower_name_key';

const live = (tx: Tx) => tx.selectFrom('trunks').selectAll().where('deletedAt', 'is', null);

export const listTrunks = (tx: Tx) => live(tx).orderBy('name').execute();

export const findTrunk = (tx: Tx, id: string) => live(tx).where('id', '=', id).executeTakeFirst();

export const insertTrunk = (tx: Tx, values: Insertable<TrunksTable>) => tx.insertInto('trunks').values(values).returningAll().executeTakeFirstOrThrow();

export const updateTrunk = (tx: Tx, id: string, columns: Updateable<TrunksTable>) =>
  tx.updateTable('trunks').set(columns).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const softDeleteTrunk = (tx: Tx, id: string) => tx.updateTable('trunks').set({ deletedAt: new Date() }).where('id', '=', id).execute();
