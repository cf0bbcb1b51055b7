import { Type, type Static } from 'typebox';
import { Email, Nullable, Timestamp } from '../../platform/http/schemas.ts';
import { SUPPORTED_LOCALES } from '@callcenter/rules/locale';

export const TenantStatus = Type.Union([Type.Literal('ACTIVE'), Type.Literal('SUSPENDED')]);
/** A host name (RFC 1123); the service checks it and answers 400 INVALID_TELEPHONY_DOMAIN naming the problem. */
const Domain = Type.String({ minLength: 1, maxLength: 253, description: 'a host name: labels of letters, digits and hyphens' });

export const Tenant = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  status: TenantStatus,
  planId: Type.String(),
  telephonyDomain: Type.String(),
  timezone: Type.String(),
  locale: Type.String(),
  createdAt: Timestamp,
  memberCount: Type.Optional(Type.Integer()),
});
export type Tenant = Static<typeof Tenant>;

export const TenantCreateBody = Type.Object(
  {
    code: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{1,30}$', description: 'lowercase letters, digits and dashes' }),
    name: Type.String({ minLength: 1, maxLength: 120 }),
    planId: Type.Optional(Type.String({ maxLength: 63 })),
    telephonyDomain: Type.Optional(Domain),
    /** The tenant's language (default pt-BR): its starter pause reasons and dispositions are written in it. */
    locale: Type.Optional(Type.Union(SUPPORTED_LOCALES.map((locale) => Type.Literal(locale)))),
    admin: Type.Object({ email: Email, name: Type.Optional(Type.String({ maxLength: 120 })) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type TenantCreateBody = Static<typeof TenantCreateBody>;

export const TenantPatchBody = Type.Object(
  {
    status: Type.Optional(TenantStatus),
    planId: Type.Optional(Type.String({ maxLength: 63 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type TenantPatchBody = Static<typeof TenantPatchBody>;

export const TenantCreated = Type.Object({
  tenant: Tenant,
  admin: Type.Object({ id: Type.String(), email: Type.String(), password: Nullable(Type.String()) }),
});
