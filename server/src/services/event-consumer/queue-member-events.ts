// mod_callcenter's member events → the call's queue, agent and queue entry, and the queue realtime
// events (docs/calls.md, docs/reports.md). They carry no id of their own: each finds its call
// through the queue member's session (CC-Member-Session-UUID).
import type { Tx } from '../../platform/db/database.ts';
import { parseAgentName, parseQueueName } from '../../platform/switch/naming.ts';
import { boundHeaders, eventKey, memberSessionOf, uuidOrNull } from './call-correlation.ts';
import { eventTime } from './call-times.ts';
import { claim } from './event-claims.ts';
import * as repo from './calls.repo.ts';
import { noteQueueEntry } from './queue-entries.ts';
import { attach, iso, isoOrNull, locate, ownIdOf, place, publish, write, type CallDeps, type Emission, type Placement } from './call-writes.ts';

export type MemberAction =
  | 'member-queue-start'
  | 'member-queue-end'
  | 'agent-offering'
  | 'bridge-agent-start'
  | 'bridge-agent-end'
  | 'bridge-agent-fail';

/** The joined time mod_callcenter reports (epoch seconds), when the call's own queued_at is unknown. */
const epochSeconds = (value: string | undefined) =>
  value && /^\d+$/.test(value) && value !== '0' ? new Date(Number(value) * 1000) : null;

async function applyMember(
  tx: Tx,
  action: MemberAction,
  headers: Record<string, string>,
  call: { callId: string | null; queueId: string | null; agentId: string | null },
  at: Date,
): Promise<Emission[]> {
  const { callId, queueId, agentId } = call;
  if (callId) await noteQueueEntry(tx, action, headers, { callId, queueId, agentId }, at);
  switch (action) {
    case 'member-queue-start':
      if (callId) await repo.queueCall(tx, callId, queueId, at);
      return [];
    case 'agent-offering':
      // Offered is not handled: the call is the agent's from the bridge on (an unanswered offer, an abandon, is nobody's).
      if (callId) await repo.assignAgent(tx, callId, null, queueId);
      return agentId
        ? [
            {
              type: 'AGENT_OFFERED_CALL',
              payload: {
                agentId,
                queueId,
                callId,
                callerNumber: headers['CC-Member-CID-Number'] ?? null,
                callerName: headers['CC-Member-CID-Name'] ?? null,
              },
            },
          ]
        : [];
    case 'bridge-agent-start': {
      if (callId) await repo.assignAgent(tx, callId, agentId, queueId);
      const agentLeg = uuidOrNull(headers['CC-Agent-UUID']);
      if (agentLeg && agentId) await repo.markLeg(tx, agentLeg, { agentId });
      return [];
    }
    case 'bridge-agent-end':
      return [];
    case 'bridge-agent-fail':
      return agentId
        ? [
            {
              type: 'AGENT_BRIDGE_FAILED',
              payload: { agentId, queueId, callId, cause: headers['CC-Hangup-Cause'] ?? null },
            },
          ]
        : [];
    case 'member-queue-end': {
      const cause = headers['CC-Cause'] ?? 'Terminated';
      const cancelReason = headers['CC-Cancel-Reason'] ?? null;
      if (!callId) {
        return queueId
          ? [
              {
                type: 'QUEUE_MEMBER_LEFT',
                payload: {
                  queueId,
                  callId,
                  cause,
                  cancelReason,
                  joinedAt: isoOrNull(epochSeconds(headers['CC-Member-Joined-Time'])),
                  leftAt: iso(at),
                },
              },
            ]
          : [];
      }
      const left = await repo.leaveQueue(tx, callId, at, cause, cancelReason);
      const leftQueue = queueId ?? left?.queueId ?? null;
      if (!left || !leftQueue) return [];
      const joinedAt = left.queuedAt ?? epochSeconds(headers['CC-Member-Joined-Time']);
      return [
        {
          type: 'QUEUE_MEMBER_LEFT',
          payload: {
            queueId: leftQueue,
            callId,
            cause,
            cancelReason,
            joinedAt: isoOrNull(joinedAt),
            leftAt: iso(at),
          },
        },
      ];
    }
  }
}

export function memberHandler(deps: CallDeps, action: MemberAction) {
  const kind = `callcenter::info/${action}`;
  return async (headers: Record<string, string>) => {
    const at = eventTime(headers);
    if (!at) return;
    const session = memberSessionOf(headers);
    const queueName = parseQueueName(headers['CC-Queue'] ?? '');
    const agentName = parseAgentName(headers['CC-Agent']);
    // The member's call (its session is the caller's leg); member-queue-start may be the first word of it.
    let placement: Placement | null = null;
    if (session !== null) {
      const located = await locate(deps, [session]);
      placement = located
        ? { callId: located.callId, tenantId: located.tenantId, newCall: false, legKnown: located.asLeg }
        : null;
      if (!placement && action === 'member-queue-start' && uuidOrNull(headers['Unique-ID']) === session)
        placement = await place(deps, headers, session);
    }
    const tenant = placement
      ? { id: placement.tenantId }
      : queueName
        ? await deps.tenants.ofQueue(queueName)
        : agentName
          ? await deps.tenants.ofAgent(agentName)
          : null;
    if (!tenant) {
      deps.tenants.countUnattributed(kind);
      return deps.log.debug({ session, kind }, 'callcenter event for no known tenant dropped');
    }
    // Without its call, no event row of ours stops a repeat (another instance, a replay).
    if (!placement && !(await claim(deps.claims, 'queues', headers))) return;
    const attached: { leg: string | null } = { leg: null };
    const row: repo.NewEvent | undefined = placement
      ? {
          tenantId: tenant.id,
          callId: placement.callId,
          legId: uuidOrNull(headers['Unique-ID']),
          name: kind,
          eventKey: eventKey(headers),
          occurredAt: at,
          headers: boundHeaders(headers),
        }
      : undefined;
    const emissions = await write(
      deps,
      tenant.id,
      placement?.newCall ? undefined : row,
      async (tx, inserted) => {
        // Only the call's own tenant's queue and agent: another tenant's names are nobody here.
        const queueId = placement
          ? await ownIdOf(deps, tx, placement.callId, 'queues', queueName)
          : await repo.ownId(tx, 'queues', queueName);
        const agentId = placement
          ? await ownIdOf(deps, tx, placement.callId, 'agents', agentName)
          : await repo.ownId(tx, 'agents', agentName);
        let created: Emission[] = [];
        if (placement) {
          const memberLeg = uuidOrNull(headers['Unique-ID']);
          if (!placement.legKnown && memberLeg !== null && memberLeg === session) {
            created = await attach(deps, tx, placement, headers, memberLeg, at);
            attached.leg = memberLeg;
          }
          const fresh = inserted ?? (await repo.insertEvent(tx, row!));
          if (!fresh) return created;
        }
        return [
          ...created,
          ...(await applyMember(
            tx,
            action,
            headers,
            { callId: placement?.callId ?? null, queueId, agentId },
            at,
          )),
        ];
      },
    );
    if (attached.leg && placement) deps.facts?.noteLeg(attached.leg, placement.callId, placement.tenantId);
    await publish(deps, tenant.id, emissions);
  };
}

/** members-count: how many callers a queue has now (no row: the count is a state, not a fact to keep). */
export function membersCountHandler(deps: CallDeps) {
  return async (headers: Record<string, string>) => {
    const queueId = parseQueueName(headers['CC-Queue'] ?? '');
    const count = Number(headers['CC-Count']);
    const tenant = queueId ? await deps.tenants.ofQueue(queueId) : null;
    if (!tenant || !queueId || !Number.isInteger(count) || count < 0) {
      deps.tenants.countUnattributed('callcenter::info/members-count');
      return;
    }
    if (!(await claim(deps.claims, 'queues', headers))) return;
    await publish(deps, tenant.id, [
      { type: 'QUEUE_MEMBER_COUNT', payload: { queueId: queueId.toLowerCase(), count } },
    ]);
  };
}
