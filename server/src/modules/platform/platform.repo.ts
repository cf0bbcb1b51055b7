// Platform users: global rows, read and changed on the privileged path only.
import type { Tx } from '../../platform/db/database.ts';

export type UserStatus = 'ACTIVE' | 'DISABLED';

/**
 * Every ACTIVE platform super admin, locked in id order until commit: two admins disabling each
 * other wait for one another, and the second sees the first's change.
 */
export async function lockActiveSuperAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where('platformRole', '=', 'platform_super_admin')
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export const findUserForUpdate = (tx: Tx, id: string) =>
  tx.selectFrom('users').select(['id', 'status', 'platformRole']).where('id', '=', id).forUpdate().executeTakeFirst();

export const setUserStatus = (tx: Tx, id: string, status: UserStatus) =>
  tx.updateTable('users').set({ status }).where('id', '=', id).execute();
