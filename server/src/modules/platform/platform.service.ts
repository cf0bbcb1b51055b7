// Platform-wide reads and user status: all through the explicit privileged path.
import { E } from '../../platform/http/error-codes.ts';
import type { Actor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { revokeUserSessions } from '../auth/auth.repo.ts';
import * as repo from './platform.repo.ts';
import type { TenantQuota } from './platform.schema.ts';
import { listTenantUsage, type TenantUsageRow } from './quotas.repo.ts';

export const AUDIT_LOG_LIMIT = 200;

export interface SwitchCheck {
  (): Promise<{ ok: boolean; error?: string }>;
}

/** Pure: whether disabling this user would leave no ACTIVE platform super admin. */
export function leavesNoPlatformAdmin(target: { id: string }, activeSuperAdminIds: readonly string[]): boolean {
  return activeSuperAdminIds.includes(target.id) && activeSuperAdminIds.length <= 1;
}

/**
 * Pure: a tenant's usage row as the API shows it. Every counter is measured (`tracked` stays in
 * the shape for clients that read it). Storage is in GB of 10^9 bytes, as the limit is enforced.
 */
export function toTenantQuota(row: TenantUsageRow): TenantQuota {
  const counted = (used: number, limit: number | null) => ({ used, limit, tracked: true });
  const storedGb = Math.round(Number(row.recordingBytes ?? 0) / 1e6) / 1e3;
  return {
    tenantId: row.tenantId,
    tenantCode: row.tenantCode,
    tenantName: row.tenantName,
    status: row.status,
    planId: row.planId,
    planName: row.planName,
    usage: {
      extensions: counted(Number(row.extensions ?? 0), row.maxExtensions),
      agents: counted(Number(row.agents ?? 0), row.maxAgents),
      trunks: counted(Number(row.trunks ?? 0), row.maxTrunks),
      queues: counted(Number(row.queues ?? 0), row.maxQueues),
      campaigns: counted(Number(row.campaigns ?? 0), row.maxCampaigns),
      leads: counted(Number(row.leads ?? 0), row.maxLeads),
      monthlyCalls: counted(Number(row.monthlyCalls ?? 0), row.maxMonthlyCalls),
      recordingStorageGb: counted(storedGb, row.maxRecordingStorageGb === null ? null : Number(row.maxRecordingStorageGb)),
    },
  };
}

export class PlatformService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly auth: AuthService,
  ) {}

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

  /**
   * Disabling ends every session of the user at once (all tenants, on every instance) and for good:
   * enabling again does not bring them back. Nobody disables themselves or the last super admin.
   */
  async setUserStatus(actor: Actor, userId: string, status: repo.UserStatus) {
    const disabling = status === 'DISABLED';
    if (disabling && userId === actor.userId) throw badRequest(E.CANNOT_DISABLE_SELF, 'You cannot disable your own account');
    const revoked = await this.db.withPlatform(async (tx) => {
      const activeAdmins = disabling ? await repo.lockActiveSuperAdmins(tx) : [];
      const current = await repo.findUserForUpdate(tx, userId);
      if (!current) throw notFound('user');
      if (disabling && leavesNoPlatformAdmin(current, activeAdmins)) {
        throw badRequest(E.LAST_PLATFORM_ADMIN, 'The last active platform super admin cannot be disabled');
      }
      if (current.status !== status) {
        await repo.setUserStatus(tx, userId, status);
        await recordAudit(tx, actor, {
          action: disabling ? 'USER_DISABLED' : 'USER_ENABLED',
          targetType: 'user',
          targetId: userId,
          tenantId: null,
        });
      }
      // Also when already disabled: no session of a disabled user may stay alive.
      return disabling ? revokeUserSessions(tx, userId, 'user_disabled') : [];
    });
    await this.auth.flagRevoked(revoked);
    const users = await this.listUsers();
    return users.find((user) => user.id === userId)!;
  }

  /** Any account's password, reset by a platform administrator (never their own: they change it). */
  resetPassword(actor: Actor, userId: string): Promise<{ password: string }> {
    return this.auth.resetPassword(actor, userId, async () => {});
  }

  async quotas(): Promise<TenantQuota[]> {
    const rows = await this.db.withPlatform((tx) => listTenantUsage(tx));
    return rows.map(toTenantQuota);
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
