// Tenant members. Listing and changing memberships run under the tenant's row-level security.
// Inviting looks an e-mail up across tenants (e-mail is global), so it uses the platform path,
// with the tenant taken from the caller's token.
import { E } from '../../platform/http/error-codes.ts';
import type { Actor } from '../../platform/auth/guard.ts';
import { generatePassword, hashPassword } from '../../platform/auth/passwords.ts';
import type { TenantRoleName } from '@callcenter/rules/permissions';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import * as repo from './users.repo.ts';

const toMember = (row: repo.MemberRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Pure: whether removing or demoting this member would leave the tenant without an admin. */
export function leavesNoAdmin(member: { role: TenantRoleName }, newRole: TenantRoleName | null, adminCount: number): boolean {
  return member.role === 'tenant_admin' && newRole !== 'tenant_admin' && adminCount <= 1;
}

export class UsersService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly auth: AuthService,
  ) {}

  list(tenantId: string): Promise<repo.ListedMember[]> {
    return this.db.readAsTenant(tenantId, repo.LIST_MEMBERS);
  }

  async invite(actor: Actor & { tenantId: string }, input: { email: string; role: TenantRoleName; name?: string }) {
    const email = input.email.trim().toLowerCase();
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const { created } = await this.db.withPlatform(async (tx) => {
      const existing = await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      const userId =
        existing?.id ??
        (
          await tx
            .insertInto('users')
            .values({ email, name: input.name ?? null, passwordHash, mustChangePassword: true })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const inserted = await tx
        .insertInto('tenantMemberships')
        .values({ tenantId: actor.tenantId, userId, role: input.role })
        .onConflict((oc) => oc.doNothing())
        .returning('userId')
        .executeTakeFirst();
      if (!inserted) throw conflict('member', email, `${email} is already a member of this tenant`);
      await recordAudit(tx, actor, {
        action: 'USER_INVITED',
        targetType: 'user',
        targetId: userId,
        details: { email, role: input.role, accountCreated: !existing },
      });
      return { created: !existing };
    });
    const member = await this.db.withTenant(actor.tenantId, async (tx) => {
      const row = await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return repo.findMember(tx, row.id);
    });
    return { user: toMember(member!), password: created ? password : null, created };
  }

  async changeRole(actor: Actor & { tenantId: string }, userId: string, role: TenantRoleName) {
    const { member, changed } = await this.db.withTenant(actor.tenantId, async (tx) => {
      const current = await repo.findMember(tx, userId);
      if (!current) throw notFound('user');
      if (current.role === role) return { member: current, changed: false };
      if (leavesNoAdmin(current, role, await repo.countAdminsForUpdate(tx))) {
        throw badRequest(E.LAST_TENANT_ADMIN, 'The last Tenant Admin cannot be demoted');
      }
      await repo.setRole(tx, userId, role);
      await recordAudit(tx, actor, {
        action: 'USER_ROLE_CHANGED',
        targetType: 'user',
        targetId: userId,
        details: { from: current.role, to: role },
      });
      return { member: { ...current, role }, changed: true };
    });
    // The new role applies now: the member's sessions in this tenant end and they log in again.
    if (changed) await this.auth.revokeMemberSessions(userId, actor.tenantId, 'role_changed');
    return toMember(member);
  }

  /**
   * A member's password reset by a tenant admin. Accounts are global, so only an account that is
   * this tenant's alone may be reset here: one shared with another tenant, or a platform user, is
   * the platform's to reset (one tenant must not take over another tenant's member).
   */
  resetPassword(actor: Actor & { tenantId: string }, userId: string): Promise<{ password: string }> {
    return this.auth.resetPassword(actor, userId, async (tx) => {
      const account = await repo.accountReach(tx, userId);
      if (!account.memberships.includes(actor.tenantId)) throw notFound('user');
      if (account.memberships.length > 1 || account.platformRole !== null) {
        throw badRequest(E.USER_SHARED_WITH_OTHERS, 'This user also works elsewhere on the platform: a platform administrator resets their password');
      }
    });
  }

  async remove(actor: Actor & { tenantId: string }, userId: string): Promise<void> {
    if (userId === actor.userId) throw badRequest(E.CANNOT_REMOVE_SELF, 'You cannot remove yourself from the tenant');
    await this.db.withTenant(actor.tenantId, async (tx) => {
      const current = await repo.findMember(tx, userId);
      if (!current) throw notFound('user');
      if (leavesNoAdmin(current, null, await repo.countAdminsForUpdate(tx))) {
        throw badRequest(E.LAST_TENANT_ADMIN, 'The last Tenant Admin cannot be removed');
      }
      await repo.removeMembership(tx, userId);
      await recordAudit(tx, actor, { action: 'USER_REMOVED', targetType: 'user', targetId: userId, details: { role: current.role } });
    });
    await this.auth.revokeMemberSessions(userId, actor.tenantId, 'removed_from_tenant');
  }
}
