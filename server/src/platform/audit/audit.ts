// Every administrative change writes one immutable row: who, in which tenant, what, on what, when.
import type { Tx } from '../db/database.ts';
import type { Actor } from '../auth/guard.ts';
import type { AuditAction, AuditTargetType } from './audit-actions.ts';

export interface AuditEntry {
  action: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** Never secrets: callers pass identifiers and changed field names, not values like passwords. */
  details?: Record<string, unknown>;
  /** Defaults to the actor's tenant; platform actions on a tenant name it here. */
  tenantId?: string | null;
}

export async function recordAudit(tx: Tx, actor: Actor | null, entry: AuditEntry): Promise<void> {
  await tx
    .insertInto('auditLog')
    .values({
      tenantId: entry.tenantId !== undefined ? entry.tenantId : (actor?.tenantId ?? null),
      actorUserId: actor?.userId ?? null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: actor?.ip ?? null,
      requestId: actor?.requestId ?? null,
    })
    .execute();
}
