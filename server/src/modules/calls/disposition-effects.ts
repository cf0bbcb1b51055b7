// What a disposition's action does beyond the call row (decision 0043), inside the disposition's
// transaction: CALLBACK schedules the call's lead, DO_NOT_CALL suppresses the customer's number and
// takes the tenant's dialable leads with it. Returns what happened, for the audit row.
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { DispositionAction } from '../../platform/db/schema.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { iso } from '../../platform/http/schemas.ts';
import { parseLeadPhone } from '@callcenter/rules/phone';
import { setLeadSchedule } from '../leads/callbacks.repo.ts';
import { callbackTimeError } from '../leads/callbacks.service.ts';
import { findEntryByPhone, isSuppressed, suppressNumbers } from '../suppression/suppression.repo.ts';
import { findLead, lockLead } from './calls.repo.ts';
import { customerNumber } from '@callcenter/rules/customer-number';
import { dispositionEffect } from './disposition-rules.ts';

interface LockedCall {
  id: string;
  leadId: string | null;
  direction: string;
  callerNumber: string | null;
  calledNumber: string | null;
}

/** Validates the callback time against the call and the action, then applies the effect. */
export async function applyDispositionEffect(
  tx: Tx,
  actor: TenantActor,
  call: LockedCall,
  disposition: { code: string; action: DispositionAction },
  callbackAt: string | undefined,
  now: Date,
): Promise<Record<string, unknown>> {
  // Not locked yet: a DO_NOT_CALL first takes the number's unique entry (suppressNumbers), so two
  // of them on one number queue there instead of each holding a lead the other's update needs.
  const found = call.leadId === null ? undefined : await findLead(tx, call.leadId);
  const decided = dispositionEffect({ action: disposition.action, hasLead: found !== undefined, callbackAt: callbackAt === undefined ? undefined : new Date(callbackAt), now });
  if (!decided.ok) throw callbackTimeError(decided.problem, '/callbackAt', 'here: only a CALLBACK disposition of a call with a lead takes one');
  const { effect } = decided;
  switch (effect.kind) {
    case 'NONE':
      return { kind: 'NONE' };
    case 'CALLBACK': {
      const lead = await lockLead(tx, found!.id);
      // Deleted since it was read (a race with no user behind it): the code alone is recorded.
      if (!lead) return { kind: 'NONE', why: 'LEAD_GONE' };
      // The list is the compliance record: a suppressed number is never scheduled again.
      if (await isSuppressed(tx, lead.phone)) {
        throw badRequest(E.NUMBER_SUPPRESSED, 'This number is on the suppression list; choose another disposition', [{ path: '/dispositionId', message: 'number suppressed' }]);
      }
      await setLeadSchedule(tx, lead.id, 'CALLBACK', effect.at);
      return { kind: 'CALLBACK', leadId: lead.id, from: { status: lead.status, nextAttemptAt: iso(lead.nextAttemptAt) }, to: { status: 'CALLBACK', nextAttemptAt: iso(effect.at) } };
    }
    case 'DO_NOT_CALL': {
      const lead = found;
      // The lead's own number when there is one (E.164 already); else the call's, as written.
      const raw = lead?.phone ?? customerNumber(call);
      const normalized = raw === null ? null : parseLeadPhone(raw);
      if (!normalized?.ok) return { kind: 'DO_NOT_CALL', leadId: lead?.id ?? null, suppressed: false, why: 'NOT_A_BRAZILIAN_NUMBER' };
      const phone = normalized.e164;
      const result = await suppressNumbers(tx, actor.tenantId, [phone], { source: 'DISPOSITION', createdBy: actor.userId, note: `${disposition.code} on call ${call.id}` });
      // The call's own lead too, whatever its status (COMPLETED, EXHAUSTED): the customer said so.
      if (lead) await setLeadSchedule(tx, lead.id, 'DO_NOT_CALL', null);
      if (result.added > 0) {
        const entry = (await findEntryByPhone(tx, phone))!;
        await recordAudit(tx, actor, {
          action: 'SUPPRESSION_ADD',
          targetType: 'suppression_entry',
          targetId: entry.id,
          details: { phone, source: 'DISPOSITION', callId: call.id, leadsMoved: result.leadsMoved },
        });
      }
      return { kind: 'DO_NOT_CALL', leadId: lead?.id ?? null, suppressed: true, phone, added: result.added > 0, leadsMoved: result.leadsMoved };
    }
  }
}
