// Platform-wide reads and user status: all through the explicit privileged path.
import type { Actor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import { iso } from '../../platform/http/schemas.ts';

export const AUDIT_LOG_LIMIT = 200;

export interface SwitchCheck {
  (): Promise<{ ok: boolean; error?: string }>;
}

export class PlatformService {
  constructor(private readonly db: DatabaseHandles) {}

  async listUsers() {
    return this.db.withPlatform(async (tx) => {
      const users = await tx
        .selectFrom('users')
        .select(['id', 'email', 'name', 'status', 'platformRole', 'mustChangePassword', 'lastLoginAt', 'createdAt'])
        .orderBy('email')
        .execute();
      const memberships = await tx
        .selectFrom('tenantMemberships as m')
        .innerJoin('tenants as t', 't.id', 'm.tenantId')
        .select(['m.userId', 'm.tenantId', 't.code as tenantCode', 't.name as tenantName', 'm.role'])
        .execute();
      return users.map((user) => ({
        ...user,
        lastLoginAt: iso(user.lastLoginAt),
        createdAt: user.createdAt.toISOString(),
        memberships: memberships
          .filter((membership) => membership.userId === user.id)
          .map(({ tenantId, tenantCode, tenantName, role }) => ({ tenantId, tenantCode, tenantName, role })),
      }));
    });
  }

  /** Disabling blocks the next login and every refresh; the user's current access token runs out on its own. */
  async setUserStatus(actor: Actor, userId: string, status: 'ACTIVE' | 'DISABLED') {
    await this.db.withPlatform(async (tx) => {
      const current = await tx.selectFrom('users').select(['id', 'status']).where('id', '=', userId).executeTakeFirst();
      if (!current) throw notFound('User');
      if (current.status === status) return;
      await tx.updateTable('users').set({ status }).where('id', '=', userId).execute();
      await recordAudit(tx, actor, {
        action: status === 'DISABLED' ? 'USER_DISABLED' : 'USER_ENABLED',
        targetType: 'user',
        targetId: userId,
        tenantId: null,
      });
    });
    const users = await this.listUsers();
    return users.find((user) => user.id === userId)!;
  }

  async auditLog() {
    const rows = await this.db.withPlatform((tx) =>
      tx
        .selectFrom('auditLog as a')
        .leftJoin('users as u', 'u.id', 'a.actorUserId')
        .select([
          'a.id',
          'a.tenantId',
          'a.actorUserId',
          'u.email as actorEmail',
          'a.action',
          'a.targetType',
          'a.targetId',
          'a.details',
          'a.ip',
          'a.requestId',
          'a.createdAt',
        ])
        .orderBy('a.createdAt', 'desc')
        .limit(AUDIT_LOG_LIMIT)
        .execute(),
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}
