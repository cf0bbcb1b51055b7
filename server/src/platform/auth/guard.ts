// Every API route is authenticated unless it says `access: 'public'`; the route's access rule
// then decides: 401 (token) → 403 (forced password change, platform, tenant, permission).
import { E } from '../http/error-codes.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Coordination } from '../coordination/coordination.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { permissionsFor, type PermissionKey, type RoleName, type TenantRoleName } from '@callcenter/rules/permissions';
import type { TokenService } from './tokens.ts';
import type { RevocationCache } from './revocation-cache.ts';

export interface AccessRule {
  /** Any one of these keys is enough. */
  permission?: PermissionKey | PermissionKey[];
  /** The caller must hold a platform role. */
  platform?: true;
  /** The token must carry a tenant. */
  tenant?: true;
  /** Answer even while the user must change a generated password (the /auth endpoints). */
  whilePasswordChangeRequired?: true;
}

export interface AuthContext {
  userId: string;
  sessionId: string;
  tenantId: string | null;
  platformRole: RoleName | null;
  tenantRole: TenantRoleName | null;
  mustChangePassword: boolean;
  permissions: ReadonlySet<PermissionKey>;
  /** Epoch milliseconds when the access token expires (long-lived connections end then). */
  expiresAt: number;
}

/** Who did something, for the audit log. */
export interface Actor {
  userId: string;
  tenantId: string | null;
  ip: string;
  requestId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule | 'public';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const revokedSessionFlag = (sessionId: string) => `revoked-session:${sessionId}`;

export interface AuthDeps {
  tokens: TokenService;
  coordination: Coordination;
  /** Remembers "not revoked" answers between requests (absent: Redis is asked every time). */
  revocations?: RevocationCache;
}

export function installAuthGuard(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    const auth = await authenticate(request, deps);
    request.auth = auth;
    authorize(auth, access ?? {});
  });
}

async function authenticate(request: FastifyRequest, deps: AuthDeps): Promise<AuthContext> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return authenticateToken(match?.[1], deps);
}

/** Who a bearer token speaks for: 401 when it is missing, invalid, expired or its session revoked. */
export async function authenticateToken(
  token: string | undefined,
  { tokens, coordination, revocations }: AuthDeps,
): Promise<AuthContext> {
  if (!token) throw unauthorized('Missing access token');
  const claims = tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired access token', E.INVALID_TOKEN);
  const check = () => coordination.hasFlag(revokedSessionFlag(claims.sid));
  if (await (revocations ? revocations.isRevoked(claims.sid, check) : check())) {
    throw unauthorized('This session has ended; log in again', E.SESSION_REVOKED);
  }
  return {
    userId: claims.sub,
    sessionId: claims.sid,
    tenantId: claims.tenantId,
    platformRole: claims.platformRole,
    tenantRole: claims.tenantRole,
    mustChangePassword: claims.mustChangePassword,
    permissions: new Set(permissionsFor(claims.platformRole, claims.tenantId ? claims.tenantRole : null)),
    expiresAt: claims.expiresAt,
  };
}

/** Pure: the 403 decisions for an authenticated caller, in the contract's order. */
export function authorize(auth: AuthContext, rule: AccessRule): void {
  if (auth.mustChangePassword && !rule.whilePasswordChangeRequired) {
    throw forbidden('Change your password before continuing', E.PASSWORD_CHANGE_REQUIRED);
  }
  if (rule.platform && !auth.platformRole) throw forbidden('Only platform users can do this', E.PLATFORM_ONLY);
  if (rule.tenant && !auth.tenantId) throw forbidden('Select a tenant first', E.TENANT_REQUIRED);
  if (rule.permission) {
    const needed = Array.isArray(rule.permission) ? rule.permission : [rule.permission];
    if (!needed.some((key) => auth.permissions.has(key))) throw forbidden();
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The tenant of the request: only ever the verified token's. */
export function tenantOf(request: FastifyRequest): string {
  const auth = requireAuth(request);
  if (!auth.tenantId) throw forbidden('Select a tenant first', E.TENANT_REQUIRED);
  return auth.tenantId;
}

export function actorOf(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  return { userId: auth.userId, tenantId: auth.tenantId, ip: request.ip, requestId: request.id };
}

/** An actor working inside a tenant (tenant-scoped services take it). */
export type TenantActor = Actor & { tenantId: string };

/** The actor of a tenant-scoped route; 403 TENANT_REQUIRED without a tenant in the token. */
export function tenantActorOf(request: FastifyRequest): TenantActor {
  return { ...actorOf(request), tenantId: tenantOf(request) };
}
