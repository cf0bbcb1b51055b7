// The suppression list (decision 0043): numbers normalized like leads, one entry per number per
// tenant; adding one takes the tenant's dialable leads with that number out of every campaign in the
// same transaction. Every add and remove is audited in the tenant's own log.
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { parseLeadPhone } from '@callcenter/rules/phone';
import * as repo from './suppression.repo.ts';
import type { SuppressionCreateBody, SuppressionCreated, SuppressionDeleteBody, SuppressionDeleteQuery, SuppressionList, SuppressionQuery } from './suppression.schema.ts';

/**
 * The reason for a removal, from the body or the `reason` query parameter (many HTTP clients send no
 * body on DELETE). One is required; both are taken only when they say the same thing.
 */
export function removalReason(body: SuppressionDeleteBody | undefined, query: SuppressionDeleteQuery): string {
  const fromBody = body?.reason?.trim();
  const fromQuery = query.reason?.trim();
  if (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery) {
    throw badRequest(E.VALIDATION_FAILED, 'The body and the query give different reasons', [{ path: 'reason', message: 'must be given once, in the body or the query' }]);
  }
  const reason = fromBody ?? fromQuery;
  if (!reason) throw badRequest(E.VALIDATION_FAILED, 'A reason is required', [{ path: 'reason', message: 'is required, in the body { reason } or the query ?reason=' }]);
  return reason;
}

/** E.164 of a number as written, or 400 INVALID_PHONE naming why (EMPTY, LETTERS, FOREIGN…). */
export function phoneOrBadRequest(raw: string, path: string): string {
  const phone = parseLeadPhone(raw);
  if (phone.ok) return phone.e164;
  throw badRequest(E.INVALID_PHONE, `Not a Brazilian phone number (${phone.reason})`, [{ path, message: phone.reason }], { reason: phone.reason });
}

export class SuppressionService {
  constructor(private readonly db: DatabaseHandles) {}

  list(tenantId: string, query: SuppressionQuery): Promise<SuppressionList> {
    const phone = query.phone === undefined ? undefined : phoneOrBadRequest(query.phone, '/phone');
    const { page, pageSize } = query;
    return this.db.withTenant(tenantId, async (tx) => ({ ...(await repo.listEntries(tx, { phone }, { page, pageSize })), page, pageSize }));
  }

  /** 201 with the entry and the leads moved; 409 ALREADY_EXISTS (nothing changed) when listed already. */
  add(actor: TenantActor, body: SuppressionCreateBody): Promise<SuppressionCreated> {
    const phone = phoneOrBadRequest(body.phone, '/phone');
    const note = body.note?.trim() || null;
    return this.db.withTenant(actor.tenantId, async (tx) => {
      const result = await repo.suppressNumbers(tx, actor.tenantId, [phone], { source: 'MANUAL', note, createdBy: actor.userId });
      // The rollback undoes the leads the statement moved: a refused request changes nothing.
      if (result.added === 0) throw conflict('suppressedPhone', phone, `${phone} is already on the suppression list`);
      const entry = repo.toEntry((await repo.findEntryByPhone(tx, phone))!);
      await recordAudit(tx, actor, {
        action: 'SUPPRESSION_ADD',
        targetType: 'suppression_entry',
        targetId: entry.id,
        details: { phone, source: 'MANUAL', leadsMoved: result.leadsMoved, ...(note ? { note } : {}) },
      });
      return { ...entry, leadsMoved: result.leadsMoved };
    });
  }

  /** The number may be dialed again by new imports; leads already DO_NOT_CALL stay so. */
  remove(actor: TenantActor, id: string, body: SuppressionDeleteBody | undefined, query: SuppressionDeleteQuery): Promise<void> {
    const reason = removalReason(body, query);
    return this.db.withTenant(actor.tenantId, async (tx) => {
      const entry = await repo.deleteEntry(tx, id);
      if (!entry) throw notFound('suppressionEntry');
      await recordAudit(tx, actor, {
        action: 'SUPPRESSION_REMOVE',
        targetType: 'suppression_entry',
        targetId: id,
        details: { phone: entry.phone, source: entry.source, reason },
      });
    });
  }
}
