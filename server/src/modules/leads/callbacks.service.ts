// GET /leads/callbacks and PATCH /leads/callbacks/:id (decision 0043): the tenant's leads waiting
// for a callback, and rescheduling, requeueing or giving up on one, audited with before and after.
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { iso } from '../../platform/http/schemas.ts';
import * as repo from './callbacks.repo.ts';
import { callbackChange, MAX_CALLBACK_DAYS, type CallbackTimeProblem } from './callbacks.rules.ts';
import type { CallbackLead, CallbackPatchBody } from './callbacks.schema.ts';

/** The 400 of a refused callback time; `path` names the body field (nextAttemptAt, callbackAt). */
export function callbackTimeError(problem: CallbackTimeProblem, path: string, notAllowedWhy: string) {
  const field = path.slice(1);
  switch (problem) {
    case 'REQUIRED':
      return badRequest(E.CALLBACK_TIME_REQUIRED, `${field} is required`, [{ path, message: 'required' }]);
    case 'NOT_ALLOWED':
      return badRequest(E.CALLBACK_TIME_NOT_ALLOWED, `${field} is not allowed ${notAllowedWhy}`, [{ path, message: 'not allowed' }]);
    case 'NOT_IN_FUTURE':
      return badRequest(E.CALLBACK_TIME_NOT_IN_FUTURE, `${field} must be in the future`, [{ path, message: 'must be in the future' }]);
    case 'TOO_FAR':
      return badRequest(E.CALLBACK_TIME_TOO_FAR, `${field} must be within ${MAX_CALLBACK_DAYS} days`, [{ path, message: 'too far ahead' }], {
        days: MAX_CALLBACK_DAYS,
      });
  }
}

export class CallbacksService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(tenantId: string): Promise<CallbackLead[]> {
    return (await this.db.withTenant(tenantId, repo.listCallbacks)).map(repo.toCallbackLead);
  }

  /** 400 for the body first (the contract's order), then 404 when the lead is not in CALLBACK here. */
  update(actor: TenantActor, id: string, body: CallbackPatchBody): Promise<CallbackLead> {
    const change = callbackChange(body.action, body.nextAttemptAt, this.now());
    if (!change.ok) throw callbackTimeError(change.problem, '/nextAttemptAt', `with ${body.action}`);
    return this.db.withTenant(actor.tenantId, async (tx) => {
      const before = await repo.lockCallback(tx, id);
      if (!before) throw notFound('callback');
      await repo.setLeadSchedule(tx, id, change.status, change.nextAttemptAt);
      await recordAudit(tx, actor, {
        action: 'LEAD_CALLBACK_UPDATE',
        targetType: 'lead',
        targetId: id,
        details: {
          action: body.action,
          campaignId: before.campaignId,
          before: { status: before.status, nextAttemptAt: iso(before.nextAttemptAt) },
          after: { status: change.status, nextAttemptAt: iso(change.nextAttemptAt) },
        },
      });
      return repo.toCallbackLead({ ...before, status: change.status, nextAttemptAt: change.nextAttemptAt });
    });
  }
}
