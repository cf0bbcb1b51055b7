// Accounts and sessions are global (a person spans tenants), so every query here runs on the
// platform path that the auth service opens.
import type { Tx } from '../../platform/db/database.ts';
import type { TenantRoleName } from '@callcenter/rules/permissions';

export const findUserByEmail = (tx: Tx, email: string) =>
  tx
    .selectFrom('users')
    .select(['id', 'email', 'name', 'passwordHash', 'status', 'mustChangePassword', 'platformRole', 'locale'])
    .where('email', '=', email)
    .executeTakeFirst();

export const findUserById = (tx: Tx, id: string) =>
  tx
    .selectFrom('users')
    .select(['id', 'email', 'name', 'passwordHash', 'status', 'mustChangePassword', 'platformRole', 'locale'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The user if still ACTIVE, share-locked until commit (a concurrent disabling waits for it). */
export const lockActiveUser = (tx: Tx, id: string) =>
  tx.selectFrom('users').select('id').where('id', '=', id).where('status', '=', 'ACTIVE').forShare().executeTakeFirst();

export interface MembershipRow {
  id: string;
  code: string;
  name: string;
  status: 'ACTIVE' | 'SUSPENDED';
  role: TenantRoleName;
}

export async function listMemberships(tx: Tx, userId: string): Promise<MembershipRow[]> {
  const rows = await tx
    .selectFrom('tenantMemberships as m')
    .innerJoin('tenants as t', 't.id', 'm.tenantId')
    .select(['t.id', 't.code', 't.name', 't.status', 'm.role'])
    .where('m.userId', '=', userId)
    .orderBy('t.name')
    .execute();
  return rows as MembershipRow[];
}

export const createSession = (tx: Tx, userId: string, tenantId: string | null, expiresAt: Date) =>
  tx.insertInto('authSessions').values({ userId, tenantId, expiresAt }).returning('id').executeTakeFirstOrThrow();

export const insertRefreshToken = (tx: Tx, sessionId: string, tokenHash: string) =>
  tx.insertInto('authRefreshTokens').values({ sessionId, tokenHash }).execute();

export const findRefreshToken = (tx: Tx, tokenHash: string) =>
  tx
    .selectFrom('authRefreshTokens as r')
    .innerJoin('authSessions as s', 's.id', 'r.sessionId')
    .select(['r.tokenHash', 'r.rotatedAt', 's.id as sessionId', 's.userId', 's.tenantId', 's.expiresAt', 's.revokedAt'])
    .where('r.tokenHash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();

/** Marks every live token of the session rotated; only the newly issued one will be accepted. */
export const rotateSessionTokens = (tx: Tx, sessionId: string) =>
  tx
    .updateTable('authRefreshTokens')
    .set({ rotatedAt: new Date() })
    .where('sessionId', '=', sessionId)
    .where('rotatedAt', 'is', null)
    .execute();

/** The session if not revoked nor expired, locked until commit. */
export const lockLiveSession = (tx: Tx, sessionId: string) =>
  tx
    .selectFrom('authSessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .forUpdate()
    .executeTakeFirst();

export const revokeSession = (tx: Tx, sessionId: string, reason: string) =>
  tx
    .updateTable('authSessions')
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();

/** Revokes a user's live sessions (optionally only those bound to one tenant); returns their ids. */
export async function revokeUserSessions(
  tx: Tx,
  userId: string,
  reason: string,
  options: { tenantId?: string; exceptSessionId?: string } = {},
): Promise<string[]> {
  let query = tx
    .updateTable('authSessions')
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (options.tenantId) query = query.where('tenantId', '=', options.tenantId);
  if (options.exceptSessionId) query = query.where('id', '!=', options.exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export const setSessionTenant = (tx: Tx, sessionId: string, tenantId: string) =>
  tx.updateTable('authSessions').set({ tenantId, lastRefreshedAt: new Date() }).where('id', '=', sessionId).execute();

export const findSession = (tx: Tx, sessionId: string) =>
  tx.selectFrom('authSessions').selectAll().where('id', '=', sessionId).executeTakeFirst();

export async function revokeTenantSessions(tx: Tx, tenantId: string, reason: string): Promise<string[]> {
  const rows = await tx
    .updateTable('authSessions')
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where('tenantId', '=', tenantId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
