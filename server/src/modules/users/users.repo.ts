import { isoText, type Tx } from '../../platform/db/database.ts';
import type { TenantRoleName } from '@callcenter/rules/permissions';

// Row-level security narrows both tables to the transaction's tenant.
const members = (tx: Tx) =>
  tx
    .selectFrom('tenantMemberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.email', 'u.name', 'u.status', 'm.role', 'u.mustChangePassword', 'm.createdAt']);

export interface MemberRow {
  id: string;
  email: string;
  name: string | null;
  status: string;
  role: TenantRoleName;
  mustChangePassword: boolean;
  createdAt: Date;
}

/** The list as the API sends it, shaped in SQL (the hot read: for readAsTenant, no per-row work). */
export const LIST_MEMBERS = `
  SELECT u.id, u.email, u.name, u.status, m.role, u.must_change_password AS "mustChangePassword",
         ${isoText('m.created_at')} AS "createdAt"
  FROM tenant_memberships m JOIN users u ON u.id = m.user_id
  ORDER BY u.email`;

export type ListedMember = Omit<MemberRow, 'createdAt'> & { createdAt: string };

export const findMember = async (tx: Tx, userId: string) =>
  (await members(tx).where('u.id', '=', userId).executeTakeFirst()) as MemberRow | undefined;

/** Locks the tenant's admin memberships so two concurrent demotions cannot both pass the check. */
export async function countAdminsForUpdate(tx: Tx): Promise<number> {
  const rows = await tx.selectFrom('tenantMemberships').select('userId').where('role', '=', 'tenant_admin').forUpdate().execute();
  return rows.length;
}

export const setRole = (tx: Tx, userId: string, role: TenantRoleName) =>
  tx.updateTable('tenantMemberships').set({ role }).where('userId', '=', userId).execute();

export const removeMembership = (tx: Tx, userId: string) =>
  tx.deleteFrom('tenantMemberships').where('userId', '=', userId).execute();

/** Where an account reaches, read on the platform path: every tenant it belongs to and its platform role. */
export async function accountReach(tx: Tx, userId: string): Promise<{ memberships: string[]; platformRole: string | null }> {
  const user = await tx.selectFrom('users').select('platformRole').where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await tx.selectFrom('tenantMemberships').select('tenantId').where('userId', '=', userId).execute();
  return { memberships: rows.map((row) => row.tenantId), platformRole: user.platformRole };
}
