// Access tokens are short-lived JWTs; refresh tokens are opaque random strings stored as hashes.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { RoleName, TenantRoleName } from './permissions.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'callcenter-platform';

export interface AccessClaims {
  sub: string;
  tenantId: string | null;
  sid: string;
  platformRole: RoleName | null;
  tenantRole: TenantRoleName | null;
  mustChangePassword: boolean;
}

/** What a valid access token says, and when it stops being valid. */
export interface VerifiedAccess extends AccessClaims {
  /** Epoch milliseconds of the token's `exp`. */
  expiresAt: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The claims, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<VerifiedAccess | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      return {
        expiresAt: payload.exp * 1000,
        sub: payload.sub,
        sid: payload.sid,
        tenantId: typeof payload.tenantId === 'string' ? payload.tenantId : null,
        platformRole: (payload.platformRole as RoleName | null | undefined) ?? null,
        tenantRole: (payload.tenantRole as TenantRoleName | null | undefined) ?? null,
        mustChangePassword: payload.mustChangePassword === true,
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
