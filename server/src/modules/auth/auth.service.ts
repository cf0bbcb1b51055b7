// Login, tenant selection, refresh rotation with reuse detection, logout and password change.
import { E } from '../../platform/http/error-codes.ts';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import type { LoginGateKeys, LoginGateLimits } from '../../platform/coordination/login-gate.ts';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { revokedSessionFlag, type Actor, type AuthContext } from '../../platform/auth/guard.ts';
import { dummyPasswordHash, generatePassword, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { PermissionKey, RoleName, TenantRoleName } from '@callcenter/rules/permissions';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  type TokenService,
} from '../../platform/auth/tokens.ts';
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../../platform/http/errors.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { publishSessionsRevoked } from '../../platform/realtime/events.ts';
import type { RevocationCache } from '../../platform/auth/revocation-cache.ts';
import * as repo from './auth.repo.ts';

export const LOGIN_ATTEMPTS_PER_MINUTE = 5;

/** The specification's 5 a minute per address and per e-mail, plus a slower pair limit (decision 0077). */
export const LOGIN_GATE: LoginGateLimits = {
  addressFailures: LOGIN_ATTEMPTS_PER_MINUTE,
  accountFailures: LOGIN_ATTEMPTS_PER_MINUTE,
  windowSeconds: 60,
  accountAddressFailures: 10,
  accountAddressWindowSeconds: 3600,
};

/** The gate's counters for one attempt; tests reset them by these names. */
export function loginGateKeys(email: string, ip: string): LoginGateKeys {
  return { address: `login:ip:${ip}`, account: `login:email:${email}`, accountAddress: `login:email-ip:${email}:${ip}` };
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface LoginResult extends TokenPair {
  user: { id: string; email: string; name: string | null; mustChangePassword: boolean; platformRole: RoleName | null; locale: string | null };
  tenants: repo.MembershipRow[];
}

const invalidCredentials = () => unauthorized('Invalid email or password', E.INVALID_CREDENTIALS);

export class AuthService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly tokens: TokenService,
    private readonly coordination: Coordination,
    /** This instance's cache of "not revoked" answers: forgotten here at once, before the announcement. */
    private readonly revocations?: Pick<RevocationCache, 'forget'>,
  ) {}

  async login(emailInput: string, password: string, ip: string): Promise<LoginResult> {
    const email = emailInput.trim().toLowerCase();
    const gate = loginGateKeys(email, ip);
    // Judged and counted before the password is checked, atomically on every instance: whatever
    // the concurrency, no more attempts are verified than the gate admits.
    const admitted = await this.coordination.admitLogin(gate, LOGIN_GATE);
    if (!admitted.allowed) throw tooManyRequests(admitted.retryAfterSeconds);

    const user = await this.db.withPlatform((tx) => repo.findUserByEmail(tx, email));
    // Unknown email and wrong password do the same Argon2 work and give the same answer.
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !valid) throw invalidCredentials();
    // Only failures count: the right password gives its reservation back (people behind one NAT
    // keep logging in) and the account starts afresh from this address.
    await this.coordination.loginSucceeded(gate);
    if (user.status !== 'ACTIVE') throw forbidden('This account is disabled', E.USER_DISABLED);

    return this.db.withPlatform(async (tx) => {
      // Disabled since the password was checked? The share lock also makes a disabling that runs
      // now wait for this session, so that it ends it too.
      if (!(await repo.lockActiveUser(tx, user.id))) throw forbidden('This account is disabled', E.USER_DISABLED);
      const tenants = await repo.listMemberships(tx, user.id);
      const active = tenants.filter((tenant) => tenant.status === 'ACTIVE');
      // One tenant: the token carries it at once; several: the user picks with select-tenant.
      const bound = active.length === 1 ? active[0]! : null;
      const session = await repo.createSession(tx, user.id, bound?.id ?? null, refreshExpiry());
      await tx.updateTable('users').set({ lastLoginAt: new Date() }).where('id', '=', user.id).execute();
      const pair = await this.issue(tx, session.id, user, bound);
      return {
        ...pair,
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          mustChangePassword: user.mustChangePassword,
          platformRole: user.platformRole,
          locale: user.locale,
        },
        tenants,
      };
    });
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const outcome = await this.db.withPlatform(async (tx) => {
      const found = await repo.findRefreshToken(tx, hashRefreshToken(refreshToken));
      if (!found) return { error: unauthorized('Invalid refresh token', E.INVALID_REFRESH_TOKEN) };
      if (found.rotatedAt) {
        // A rotated token came back: someone else holds a copy. End the whole session.
        await repo.revokeSession(tx, found.sessionId, 'refresh_token_reuse');
        return { error: unauthorized('Refresh token reuse detected; log in again', E.REFRESH_TOKEN_REUSED), revoked: found.sessionId };
      }
      if (found.revokedAt || found.expiresAt < new Date()) {
        return { error: unauthorized('This session has ended; log in again', E.SESSION_REVOKED) };
      }
      const user = await repo.findUserById(tx, found.userId);
      if (!user || user.status !== 'ACTIVE') return { error: forbidden('This account is disabled', E.USER_DISABLED) };
      let tenant: repo.MembershipRow | null = null;
      if (found.tenantId) {
        tenant = (await repo.listMemberships(tx, user.id)).find((row) => row.id === found.tenantId) ?? null;
        if (!tenant || tenant.status !== 'ACTIVE') {
          await repo.revokeSession(tx, found.sessionId, 'tenant_unavailable');
          return { error: unauthorized('This tenant is no longer available to you', E.TENANT_NOT_AVAILABLE), revoked: found.sessionId };
        }
      }
      await tx.updateTable('authSessions').set({ lastRefreshedAt: new Date() }).where('id', '=', found.sessionId).execute();
      return { pair: await this.issue(tx, found.sessionId, user, tenant) };
    });
    // The revocation commits even though the answer is an error.
    if (outcome.revoked) await this.flagRevoked([outcome.revoked]);
    if (outcome.error) throw outcome.error;
    return outcome.pair;
  }

  async selectTenant(auth: AuthContext, tenantId: string): Promise<TokenPair> {
    return this.db.withPlatform(async (tx) => {
      const user = await repo.findUserById(tx, auth.userId);
      if (!user || user.status !== 'ACTIVE') throw forbidden('This account is disabled', E.USER_DISABLED);
      const tenant = (await repo.listMemberships(tx, user.id)).find((row) => row.id === tenantId);
      if (!tenant) throw forbidden('You are not a member of this tenant', E.NOT_A_MEMBER);
      if (tenant.status !== 'ACTIVE') throw forbidden('This tenant is suspended', E.TENANT_SUSPENDED);
      await repo.setSessionTenant(tx, auth.sessionId, tenant.id);
      return this.issue(tx, auth.sessionId, user, tenant);
    });
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.db.withPlatform((tx) => repo.revokeSession(tx, auth.sessionId, 'logout'));
    await this.flagRevoked([auth.sessionId]);
  }

  async changePassword(auth: AuthContext, actor: Actor, currentPassword: string, newPassword: string): Promise<TokenPair> {
    const user = await this.db.withPlatform((tx) => repo.findUserById(tx, auth.userId));
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest(E.INVALID_CURRENT_PASSWORD, 'The current password is not correct');
    }
    if (currentPassword === newPassword) {
      throw badRequest(E.PASSWORD_UNCHANGED, 'The new password must differ from the current one');
    }
    const passwordHash = await hashPassword(newPassword);
    const { pair, revoked } = await this.db.withPlatform(async (tx) => {
      await tx.updateTable('users').set({ passwordHash, mustChangePassword: false }).where('id', '=', user.id).execute();
      // Every other session may have been opened with the old password: end them.
      const revoked = await repo.revokeUserSessions(tx, user.id, 'password_changed', { exceptSessionId: auth.sessionId });
      await recordAudit(tx, actor, { action: 'USER_PASSWORD_CHANGED', targetType: 'user', targetId: user.id, tenantId: null });
      const tenant = auth.tenantId
        ? ((await repo.listMemberships(tx, user.id)).find((row) => row.id === auth.tenantId) ?? null)
        : null;
      return { pair: await this.issue(tx, auth.sessionId, { ...user, mustChangePassword: false }, tenant), revoked };
    });
    await this.flagRevoked(revoked);
    return pair;
  }

  /**
   * An administrator's reset: a generated password the user must change at the next login, and
   * every session of the user ended now (whoever knew the old password is out). `allowed` runs
   * in the same transaction, with the user row locked, to refuse users the actor may not reset.
   */
  async resetPassword(
    actor: Actor,
    userId: string,
    allowed: (tx: Tx) => Promise<void>,
  ): Promise<{ password: string }> {
    if (userId === actor.userId) {
      throw badRequest(E.CANNOT_RESET_OWN_PASSWORD, 'Change your own password instead of resetting it');
    }
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const revoked = await this.db.withPlatform(async (tx) => {
      const user = await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      if (!user) throw notFound('user');
      await allowed(tx);
      await tx.updateTable('users').set({ passwordHash, mustChangePassword: true }).where('id', '=', userId).execute();
      await recordAudit(tx, actor, { action: 'USER_PASSWORD_RESET', targetType: 'user', targetId: userId });
      return repo.revokeUserSessions(tx, userId, 'password_reset');
    });
    await this.flagRevoked(revoked);
    return { password };
  }

  async tenantsOf(userId: string): Promise<repo.MembershipRow[]> {
    return this.db.withPlatform((tx) => repo.listMemberships(tx, userId));
  }

  async me(auth: AuthContext) {
    const user = await this.db.withPlatform((tx) => repo.findUserById(tx, auth.userId));
    if (!user) throw unauthorized();
    return {
      sub: user.id,
      email: user.email,
      name: user.name,
      locale: user.locale,
      tenantId: auth.tenantId,
      tenantRole: auth.tenantId ? auth.tenantRole : null,
      platformRole: auth.platformRole,
      mustChangePassword: auth.mustChangePassword,
      permissionKeys: [...auth.permissions] as PermissionKey[],
    };
  }

  /** A suspended tenant: every session bound to it ends now. */
  async revokeTenantSessions(tenantId: string): Promise<void> {
    await this.flagRevoked(await this.db.withPlatform((tx) => repo.revokeTenantSessions(tx, tenantId, 'tenant_suspended')));
  }

  /** A member whose role changed or who was removed: their sessions in that tenant end now. */
  async revokeMemberSessions(userId: string, tenantId: string, reason: string): Promise<void> {
    await this.flagRevoked(await this.db.withPlatform((tx) => repo.revokeUserSessions(tx, userId, reason, { tenantId })));
  }

  /**
   * Ends sessions now, on every instance: their access tokens stop working before they expire (the
   * flag the guard reads), and their sockets and monitoring streams close (the announcement).
   */
  async flagRevoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await Promise.all(sessionIds.map((id) => this.coordination.setFlag(revokedSessionFlag(id), ACCESS_TOKEN_TTL_SECONDS)));
    this.revocations?.forget(sessionIds);
    await publishSessionsRevoked(this.coordination, sessionIds);
  }

  private async issue(
    tx: Tx,
    sessionId: string,
    user: { id: string; platformRole: RoleName | null; mustChangePassword: boolean },
    tenant: { id: string; role: TenantRoleName } | null,
  ): Promise<TokenPair> {
    // Locked until commit: a revocation running now either ends this session before (refused
    // here) or after (and then also ends the tokens issued here).
    if (!(await repo.lockLiveSession(tx, sessionId))) throw unauthorized('This session has ended; log in again', E.SESSION_REVOKED);
    await repo.rotateSessionTokens(tx, sessionId);
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken(tx, sessionId, hashRefreshToken(refreshToken));
    const accessToken = await this.tokens.sign({
      sub: user.id,
      sid: sessionId,
      tenantId: tenant?.id ?? null,
      tenantRole: tenant?.role ?? null,
      platformRole: user.platformRole,
      mustChangePassword: user.mustChangePassword,
    });
    return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }
}

const refreshExpiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);

