import { Type } from 'typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@callcenter/rules/password-policy';
import { Nullable, Uuid } from '../../platform/http/schemas.ts';

export const LoginBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }) },
  { additionalProperties: false },
);
export const RefreshBody = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export const SelectTenantBody = Type.Object({ tenantId: Uuid }, { additionalProperties: false });
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    newPassword: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);

const TenantRole = Type.Union([Type.Literal('tenant_admin'), Type.Literal('supervisor'), Type.Literal('agent')]);

export const MembershipTenant = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  status: Type.String(),
  role: TenantRole,
});

export const TokenPairResponse = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer(),
});

export const LoginResponse = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer(),
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    name: Nullable(Type.String()),
    mustChangePassword: Type.Boolean(),
    platformRole: Nullable(Type.String()),
    locale: Nullable(Type.String()),
  }),
  tenants: Type.Array(MembershipTenant),
});

export const MeResponse = Type.Object({
  sub: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  locale: Nullable(Type.String()),
  tenantId: Nullable(Type.String()),
  tenantRole: Nullable(TenantRole),
  platformRole: Nullable(Type.String()),
  mustChangePassword: Type.Boolean(),
  permissionKeys: Type.Array(Type.String()),
});
