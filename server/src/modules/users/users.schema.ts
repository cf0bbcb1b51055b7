import { Type } from 'typebox';
import { Email, IdParams, Nullable, Timestamp } from '../../platform/http/schemas.ts';

export const TenantRole = Type.Union([Type.Literal('tenant_admin'), Type.Literal('supervisor'), Type.Literal('agent')]);

export const Member = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Nullable(Type.String()),
  status: Type.String(),
  role: TenantRole,
  mustChangePassword: Type.Boolean(),
  createdAt: Timestamp,
});

export const InviteBody = Type.Object(
  { email: Email, role: TenantRole, name: Type.Optional(Type.String({ maxLength: 120 })) },
  { additionalProperties: false },
);
export const InviteResponse = Type.Object({ user: Member, password: Nullable(Type.String()), created: Type.Boolean() });
export const RoleBody = Type.Object({ role: TenantRole }, { additionalProperties: false });
export const UserParams = IdParams;
/** A generated password, shown once to the administrator who reset it. */
export const PasswordResetResponse = Type.Object({ password: Type.String() });
