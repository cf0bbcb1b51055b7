import { Type } from 'typebox';
import { Nullable, StrictObject, Timestamp, Uuid } from '../http/schemas.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-actions.ts';

/** The contract's paginated list: `page`, `pageSize` (default 50, max 500), newest first. */
const filters = {
  userId: Type.Optional(Uuid),
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  action: Type.Optional(Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action)))),
  targetType: Type.Optional(Type.Union(AUDIT_TARGET_TYPES.map((type) => Type.Literal(type)))),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
};

export const AuditQuery = StrictObject(filters);
export const PlatformAuditQuery = StrictObject({ ...filters, tenantId: Type.Optional(Uuid) });

export const AuditItem = Type.Object({
  id: Type.String(),
  tenantId: Nullable(Type.String()),
  tenantName: Nullable(Type.String()),
  actorUserId: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  actorEmail: Nullable(Type.String()),
  action: Type.String(),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  targetName: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
  createdAt: Timestamp,
});

export const AuditList = Type.Object({
  items: Type.Array(AuditItem),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
