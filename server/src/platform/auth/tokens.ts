// Access tokens are short-lived JWTs; refresh tokens are opaque random strings stored as hashes.
// jose signs them (once per login or refresh); every request verifies one, so verification is a
// synchronous node:crypto HMAC with the key imported once (jose re-imports it and hops to the
// thread pool on each verify: a third of an auth-only request's cost).
import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { RoleName, TenantRoleName } from '@callcenter/rules/permissions';

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
  private readonly hmacKey: KeyObject;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
    this.hmacKey = createSecretKey(this.key);
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
  verify(token: string, now = Date.now()): VerifiedAccess | null {
    const payload = verifiedPayload(token, this.hmacKey, Math.floor(now / 1000));
    if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    return {
      expiresAt: payload.exp * 1000,
      sub: payload.sub,
      sid: payload.sid,
      tenantId: typeof payload.tenantId === 'string' ? payload.tenantId : null,
      platformRole: (payload.platformRole as RoleName | null | undefined) ?? null,
      tenantRole: (payload.tenantRole as TenantRoleName | null | undefined) ?? null,
      mustChangePassword: payload.mustChangePassword === true,
    };
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A compact JWS checked as jose's jwtVerify did with { issuer, algorithms: ['HS256'] }: HS256 only
 * (no `none`, no other algorithm, no `crit` extensions), the signature compared in constant time
 * against its one canonical encoding, our issuer, `exp` required and in the future, `nbf` and
 * `iat` numbers when present. Null for anything else.
 */
export function verifiedPayload(token: string, key: KeyObject, nowSeconds: number): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
  const header = decodeJson(encodedHeader);
  if (!header || header.alg !== 'HS256' || 'crit' in header || ('b64' in header && header.b64 !== true)) return null;
  const expected = Buffer.from(createHmac('sha256', key).update(`${encodedHeader}.${encodedPayload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(encodedPayload);
  if (!payload || payload.iss !== ISSUER) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  return payload;
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
