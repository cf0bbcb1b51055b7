// Call records: the list and one call for whoever may see them, and the disposition of a call.
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { listRecordingsOfCall } from '../recordings/recordings.repo.ts';
import type { Call, CallDetail, CallList, CallsQuery, DispositionBody } from './calls.schema.ts';
import { matchesNothing, resolveCallFilters, type CallFilters } from './calls.filters.ts';
import { agentOfUser, cappedTotal, countCalls, countLimit, findCall, findDisposition, listCalls, listEvents, listLegs, lockCall, setDisposition } from './calls.repo.ts';
import { applyDispositionEffect } from './disposition-effects.ts';
import { dispositionRefusal } from './disposition-rules.ts';

/** Who reads calls: `calls.view` sees every call of the tenant, `calls.view_own` those its Agent answered. */
export interface CallViewer {
  tenantId: string;
  userId: string;
  seesAll: boolean;
}

/**
 * The filters narrowed to what the viewer may see: a viewer without calls.view sees only calls of
 * its own Agent (none without one). Null when nothing can match.
 */
async function visibleFilters(
  viewer: CallViewer,
  ownAgent: () => Promise<string | null>,
  filters: CallFilters,
): Promise<CallFilters | null> {
  if (matchesNothing(filters)) return null;
  if (viewer.seesAll) return filters;
  const agentId = await ownAgent();
  if (agentId === null || (filters.agentId !== undefined && filters.agentId !== agentId)) return null;
  return { ...filters, agentId };
}

export class CallsService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(viewer: CallViewer, query: CallsQuery): Promise<CallList> {
    const { page, pageSize, ...filterQuery } = query;
    return this.db.withTenant(viewer.tenantId, async (tx) => {
      const filters = await visibleFilters(viewer, () => agentOfUser(tx, viewer.userId), await resolveCallFilters(tx, filterQuery));
      if (!filters) return { items: [], total: 0, totalExact: true, page, pageSize };
      const limit = countLimit({ page, pageSize });
      const items = await listCalls(tx, filters, { page, pageSize });
      return { items, ...cappedTotal(await countCalls(tx, filters, limit), limit), page, pageSize };
    });
  }

  get(viewer: CallViewer, id: string): Promise<CallDetail> {
    return this.db.withTenant(viewer.tenantId, async (tx) => {
      const call = await findCall(tx, id);
      if (!call) throw notFound('call');
      // Another agent's call is as unknown to an agent as another tenant's.
      const visible = viewer.seesAll || (call.agentId !== null && call.agentId === (await agentOfUser(tx, viewer.userId)));
      if (!visible) throw notFound('call');
      const recordings = await listRecordingsOfCall(tx, id);
      return { ...call, legs: await listLegs(tx, id), events: await listEvents(tx, id), recording: recordings[0] ?? null, recordings };
    });
  }

  /**
   * Sets the call's disposition (decision 0032); audited with the code it replaced and the effect
   * of its action on the lead and the suppression list (decision 0043), all in one transaction.
   */
  setDisposition(actor: TenantActor, canManage: boolean, callId: string, body: DispositionBody): Promise<Call> {
    return this.db.withTenant(actor.tenantId, async (tx) => {
      const call = await lockCall(tx, callId);
      const ownAgentId = await agentOfUser(tx, actor.userId);
      const disposition = await findDisposition(tx, body.dispositionId);
      switch (dispositionRefusal({ call, ownAgentId, canManage, disposition })) {
        case 'FORBIDDEN':
          throw forbidden('Only the agent who answered this call, or a holder of agents.manage, can classify it');
        case 'INVALID_DISPOSITION':
          throw badRequest(E.INVALID_DISPOSITION, 'The disposition is not an enabled disposition of this tenant', [
            { path: '/dispositionId', message: 'must be an enabled disposition' },
          ]);
        case 'NOT_FOUND':
          throw notFound('call');
        case null:
          break;
      }
      const effect = await applyDispositionEffect(tx, actor, call!, disposition!, body.callbackAt, this.now());
      await setDisposition(tx, callId, disposition!, actor.userId);
      await recordAudit(tx, actor, {
        action: 'CALL_DISPOSITION_SET',
        targetType: 'call',
        targetId: callId,
        details: { dispositionId: disposition!.id, code: disposition!.code, previous: call!.disposition, byAgent: call!.agentId === ownAgentId, effect },
      });
      return (await findCall(tx, callId))!;
    });
  }
}
