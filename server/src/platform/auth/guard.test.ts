import { describe, expect, it } from 'vitest';
import type { AppError } from '../http/errors.ts';
import { authorize, type AuthContext } from './guard.ts';
import { permissionsFor } from '@callcenter/rules/permissions';

const context = (overrides: Partial<AuthContext> = {}): AuthContext => ({
  userId: 'u',
  sessionId: 's',
  tenantId: 't',
  platformRole: null,
  tenantRole: 'supervisor',
  mustChangePassword: false,
  permissions: new Set(permissionsFor(null, 'supervisor')),
  expiresAt: Date.now() + 60_000,
  ...overrides,
});

const codeOf = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('authorize', () => {
  it('lets a caller with the permission through', () => {
    expect(codeOf(() => authorize(context(), { permission: 'agents.view' }))).toBeUndefined();
  });
  it('refuses a missing permission with FORBIDDEN', () => {
    expect(codeOf(() => authorize(context(), { permission: 'users.manage' }))).toBe('FORBIDDEN');
  });
  it('accepts any one of several permissions', () => {
    expect(codeOf(() => authorize(context(), { permission: ['users.manage', 'agents.view'] }))).toBeUndefined();
  });
  it('refuses a tenant user on a platform route', () => {
    expect(codeOf(() => authorize(context(), { platform: true }))).toBe('PLATFORM_ONLY');
  });
  it('refuses a token without tenant on a tenant route', () => {
    expect(codeOf(() => authorize(context({ tenantId: null }), { tenant: true }))).toBe('TENANT_REQUIRED');
  });
  it('answers only the password-change routes while a generated password is in use', () => {
    const pending = context({ mustChangePassword: true });
    expect(codeOf(() => authorize(pending, {}))).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(codeOf(() => authorize(pending, { whilePasswordChangeRequired: true }))).toBeUndefined();
  });
  it('checks the forced password change before the permission', () => {
    expect(codeOf(() => authorize(context({ mustChangePassword: true }), { permission: 'users.manage' }))).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
  });
});
