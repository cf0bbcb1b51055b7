// The access-token verifier refuses everything but an HS256 token of ours, signed with our key,
// not expired: forged, expired, tampered, re-encoded and other-algorithm tokens are all null.
import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService, type AccessClaims } from './tokens.ts';

const SECRET = 'unit-test-jwt-secret-0123456789-0123456789';
const key = new TextEncoder().encode(SECRET);
const tokens = new TokenService(SECRET);
const claims: AccessClaims = {
  sub: 'user-1',
  tenantId: 'tenant-1',
  sid: 'session-1',
  platformRole: null,
  tenantRole: 'tenant_admin',
  mustChangePassword: false,
};
const { sub, ...rest } = claims;
const jwt = (alg = 'HS256') => new SignJWT({ ...rest }).setProtectedHeader({ alg }).setSubject(sub).setIssuer('callcenter-platform').setIssuedAt();

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (header: unknown, payload: unknown, secret = SECRET) => {
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};
const now = () => Math.floor(Date.now() / 1000);
const validPayload = () => ({ ...rest, sub, iss: 'callcenter-platform', iat: now(), exp: now() + 60 });

describe('TokenService.verify', () => {
  it('returns the claims and expiry of a token it signed', async () => {
    const token = await tokens.sign(claims);
    const verified = tokens.verify(token);
    expect(verified).toEqual({ ...claims, expiresAt: expect.any(Number) as number });
    expect(verified!.expiresAt).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
  });

  it('accepts a token of the same shape signed by hand with the key (the check is not tied to jose)', () => {
    expect(tokens.verify(hs256({ alg: 'HS256', typ: 'JWT' }, validPayload()))?.sid).toBe('session-1');
  });

  it('refuses a token signed with another key', async () => {
    expect(tokens.verify(await new TokenService('another-secret-that-is-long-enough-012345').sign(claims))).toBeNull();
    expect(tokens.verify(hs256({ alg: 'HS256' }, validPayload(), 'guessed'))).toBeNull();
  });

  it('refuses an expired token, and one at its exact expiry second', async () => {
    expect(tokens.verify(await jwt().setExpirationTime(now() - 1).sign(key))).toBeNull();
    const token = await tokens.sign(claims);
    const exp = tokens.verify(token)!.expiresAt;
    expect(tokens.verify(token, exp)).toBeNull();
    expect(tokens.verify(token, exp - 1000)).not.toBeNull();
  });

  it('refuses a token without exp, and one not yet valid (nbf)', async () => {
    expect(tokens.verify(await jwt().sign(key))).toBeNull();
    expect(tokens.verify(await jwt().setExpirationTime('1h').setNotBefore(now() + 60).sign(key))).toBeNull();
    expect(tokens.verify(hs256({ alg: 'HS256' }, { ...validPayload(), iat: 'yesterday' }))).toBeNull();
  });

  it('refuses a token of another issuer', async () => {
    expect(tokens.verify(await jwt().setIssuer('someone-else').setExpirationTime('1h').sign(key))).toBeNull();
    expect(tokens.verify(hs256({ alg: 'HS256' }, { ...validPayload(), iss: undefined }))).toBeNull();
  });

  it('refuses alg none and every other algorithm, even with the right key', async () => {
    expect(tokens.verify(new UnsecuredJWT({ ...rest, sub, iss: 'callcenter-platform', exp: now() + 60 }).encode())).toBeNull();
    expect(tokens.verify(`${encode({ alg: 'none' })}.${encode(validPayload())}.`)).toBeNull();
    for (const alg of ['HS384', 'HS512']) expect(tokens.verify(await jwt(alg).setExpirationTime('1h').sign(key))).toBeNull();
    // An HS256 signature under a header that names another algorithm (alg confusion).
    for (const alg of ['none', 'HS512', 'RS256', 'hs256', undefined]) expect(tokens.verify(hs256({ alg }, validPayload()))).toBeNull();
  });

  it('refuses critical header extensions it does not understand', () => {
    expect(tokens.verify(hs256({ alg: 'HS256', crit: ['exp'], exp: 1 }, validPayload()))).toBeNull();
    expect(tokens.verify(hs256({ alg: 'HS256', b64: false }, validPayload()))).toBeNull();
  });

  it('refuses a tampered payload, header or signature', async () => {
    const token = await tokens.sign(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const escalated = encode({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), tenantId: 'tenant-2', platformRole: 'platform_super_admin' });
    expect(tokens.verify(`${header}.${escalated}.${signature}`)).toBeNull();
    expect(tokens.verify(`${encode({ alg: 'HS256', typ: 'JWT', kid: 'x' })}.${payload}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect(tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature.slice(0, -1)}`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature}A`)).toBeNull();
  });

  it('refuses a signature written in another encoding of the same bytes (padding, base64 characters, non-canonical last character)', async () => {
    const token = await tokens.sign(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const bytes = Buffer.from(signature, 'base64url');
    expect(tokens.verify(`${header}.${payload}.${bytes.toString('base64')}`)).toBeNull();
    // 32 bytes leave 2 unused bits in the last character: another character decodes to the same bytes.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = [...alphabet].find((c) => c !== last && Buffer.from(signature.slice(0, -1) + c, 'base64url').equals(bytes));
    expect(sibling).toBeDefined();
    expect(tokens.verify(`${header}.${payload}.${signature.slice(0, -1)}${sibling!}`)).toBeNull();
  });

  it('refuses malformed input without throwing', () => {
    for (const token of ['', '.', '..', 'a.b', 'a.b.c', 'a.b.c.d', `${encode('x')}.${encode(validPayload())}.sig`, `${encode({ alg: 'HS256' })}.${encode([1])}.sig`, 'é.é.é']) {
      expect(tokens.verify(token)).toBeNull();
    }
    expect(tokens.verify(hs256({ alg: 'HS256' }, 'not an object'))).toBeNull();
    expect(tokens.verify(hs256({ alg: 'HS256' }, null))).toBeNull();
  });
});
