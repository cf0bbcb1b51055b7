// Switch events → Call / CallLeg / CallEvent rows and the call and queue realtime events
// (docs/calls.md, docs/events.md). Channel events place their channel in a call (known leg,
// related channel, or a new call of the resolved tenant); mod_callcenter's events find the call
// through the queue member's session. Every write is idempotent: an event is applied only when
// its row in call_events is new, and an ended call is frozen.
import type { Logger } from 'pino';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { CallEventPayloads, CallEventType } from '../../platform/realtime/event-schemas.ts';
import { parseAgentName, parseQueueName } from '../../platform/switch/naming.ts';
import { callDirection, trunkOfLeg } from './call-direction.ts';
import { claim, type EventClaims } from './event-claims.ts';
import { boundHeaders, callParties, dialerOf, eventKey, legExtensionNumber, memberSessionOf, relatedChannels, uuidOrNull, variable } from './call-correlation.ts';
import { computeCallTimes, eventTime, microsToDate } from './call-times.ts';
import type { CallFacts } from './call-facts.ts';
import type { BatchedWork, WriteBatcher } from './write-batcher.ts';
import * as repo from './calls.repo.ts';
import type { TenantResolver } from './tenant-resolver.ts';
import { logUnrouted } from './unrouted-calls.ts';
import { closeEntriesOfEndedCall, noteQueueEntry } from './queue-entries.ts';

export interface CallDeps {
  db: DatabaseHandles;
  tenants: TenantResolver;
  realtime: RealtimePublisher;
  log: Pick<Logger, 'debug' | 'warn'>;
  /** Across instances, who reports an event no row of ours makes idempotent (absent: all do). */
  claims?: EventClaims;
  /** The consumer's batched tenant writes (decision 0040); absent, each event is its own transaction. */
  writes?: Pick<WriteBatcher, 'withEvent'>;
  /** What is known of the calls in progress (decision 0040); absent, every event looks it up. */
  facts?: CallFacts;
}

/**
 * A tenant write of one event: batched with the tenant's others when the consumer batches; resolves
 * after the commit. `event`: its row, when its call is committed already (the batch may insert it
 * with the others'); fn inserts the row itself when told null.
 */
const write = <T>(
  deps: CallDeps,
  tenantId: string,
  event: repo.NewEvent | undefined,
  fn: BatchedWork<T>,
): Promise<T> =>
  deps.writes
    ? deps.writes.withEvent(tenantId, event, fn)
    : deps.db.withTenant(tenantId, (tx) => fn(tx, null));

/** repo.locate, answered from the calls in progress when the first id is a leg known there. */
async function locate(deps: CallDeps, ids: string[]): Promise<repo.CallPlace | null> {
  const cached = ids[0] && deps.facts ? deps.facts.placeOf(ids[0]) : null;
  if (cached) return cached;
  const found = await repo.locate(deps.db, ids);
  if (found?.asLeg) deps.facts?.noteLeg(found.found, found.callId, found.tenantId);
  return found;
}

/** repo.ownId, read once per call when the consumer remembers calls (ids never move between tenants). */
const ownIdOf = (
  deps: CallDeps,
  tx: Tx,
  callId: string,
  table: 'extensions' | 'agents' | 'queues' | 'trunks',
  id: string | null,
) =>
  deps.facts
    ? deps.facts.idOf(callId, table, id, () => repo.ownId(tx, table, id))
    : repo.ownId(tx, table, id);

/** The hangup cause of a call the switch no longer had when the platform looked again (docs/calls.md). */
export const SWITCH_LOST = 'SWITCH_LOST';

type Emission = { [K in CallEventType]: { type: K; payload: CallEventPayloads[K] } }[CallEventType];

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

async function publish(deps: CallDeps, tenantId: string, emissions: Emission[]): Promise<void> {
  for (const emission of emissions) await deps.realtime.publish(tenantId, emission.type, emission.payload);
}

type ChannelKind =
  'CHANNEL_CREATE' | 'CHANNEL_ANSWER' | 'CHANNEL_BRIDGE' | 'CHANNEL_UNBRIDGE' | 'CHANNEL_HANGUP_COMPLETE';

interface Placement {
  callId: string;
  tenantId: string;
  /** The call is new: the event's channel is its main leg. */
  newCall: boolean;
  /** The channel is already a leg of the call (nothing to attach). */
  legKnown: boolean;
}

/** Where a channel's events go: its known call, a related channel's call, or a new call of its tenant. */
async function place(
  deps: CallDeps,
  headers: Record<string, string>,
  legId: string,
): Promise<Placement | null> {
  const known = await locate(deps, [legId, ...relatedChannels(headers)]);
  // A call id (svc_call_id) that is not yet a leg: this channel is that call's main leg, still to attach.
  if (known)
    return {
      callId: known.callId,
      tenantId: known.tenantId,
      newCall: false,
      legKnown: known.found === legId && known.asLeg,
    };
  const resolved = await deps.tenants.forChannel(headers);
  if (!resolved) return null;
  // The dialer names its call (svc_call_id = the uuid it gave the customer's leg).
  const callId = uuidOrNull(variable(headers, 'svc_call_id')) ?? legId;
  return { callId, tenantId: resolved.tenant.id, newCall: true, legKnown: false };
}

/** Inserts the call (when new) and the leg (when new); what that emits. */
async function attach(
  deps: CallDeps,
  tx: Tx,
  placement: Placement,
  headers: Record<string, string>,
  legId: string,
  at: Date,
): Promise<Emission[]> {
  const emissions: Emission[] = [];
  const createdAt = microsToDate(headers['Caller-Channel-Created-Time']) ?? at;
  const trunkId = await ownIdOf(deps, tx, placement.callId, 'trunks', trunkOfLeg(headers));
  const number = legExtensionNumber(headers);
  const extensionId = deps.facts
    ? await deps.facts.idOf(placement.callId, 'extension-number', number, () =>
        repo.extensionByNumber(tx, number),
      )
    : await repo.extensionByNumber(tx, number);
  if (placement.newCall) {
    const call = await repo.insertCall(tx, {
      id: placement.callId,
      tenantId: placement.tenantId,
      direction: callDirection({
        mainContext: headers['Caller-Context'] ?? null,
        mainChannelDirection: headers['Call-Direction'] === 'outbound' ? 'outbound' : 'inbound',
        viaTrunk: trunkId !== null,
      }),
      ...callParties(headers),
      extensionId,
      trunkId,
      ...dialerOf(headers),
      createdAt,
    });
    if (call) {
      emissions.push({
        type: 'CALL_CREATED',
        payload: {
          callId: call.id,
          direction: call.direction,
          callerNumber: call.callerNumber,
          callerName: call.callerName,
          calledNumber: call.calledNumber,
          extensionId: call.extensionId,
          trunkId: call.trunkId,
          campaignId: call.campaignId,
          createdAt: iso(call.createdAt),
        },
      });
    }
  }
  const isNewLeg = await repo.insertLeg(tx, {
    id: legId,
    tenantId: placement.tenantId,
    callId: placement.callId,
    direction: headers['Call-Direction'] === 'outbound' ? 'outbound' : 'inbound',
    channelName: headers['Channel-Name'] ?? null,
    callerNumber: headers['Caller-Caller-ID-Number'] ?? null,
    destinationNumber: headers['Caller-Destination-Number'] ?? null,
    extensionId,
    agentId: await ownIdOf(
      deps,
      tx,
      placement.callId,
      'agents',
      parseAgentName(variable(headers, 'cc_agent')),
    ),
    createdAt,
  });
  if (isNewLeg && legId !== placement.callId)
    await repo.noteLegOnCall(tx, placement.callId, { extensionId, trunkId });
  return emissions;
}

/** Computes the times and ends the call once; CALL_ENDED when it ended now. */
async function finish(
  tx: Tx,
  callId: string,
  endedAt: Date,
  hangupCause: string | null,
  answeredAt: Date | null,
): Promise<Emission[]> {
  const call = await repo.callRow(tx, callId);
  if (!call || call.endedAt) return [];
  const legs = await repo.legsOf(tx, callId);
  const main = legs.find((leg) => leg.id === callId);
  const answerAt = call.answerAt ?? answeredAt;
  const times = computeCallTimes({
    direction: call.direction,
    dialer: call.campaignId !== null || call.attemptId !== null,
    mainOriginated: main?.direction === 'outbound',
    createdAt: call.createdAt,
    answerAt,
    queuedAt: call.queuedAt,
    bridgedAt: call.bridgedAt,
    endedAt,
    otherLegs: legs.filter((leg) => leg.id !== callId),
  });
  const ended = await repo.endCall(tx, callId, { endedAt, answerAt, hangupCause, ...times });
  if (!ended) return [];
  await closeEntriesOfEndedCall(tx, callId, endedAt);
  return [
    {
      type: 'CALL_ENDED',
      payload: {
        callId,
        direction: ended.direction,
        queueId: ended.queueId,
        agentId: ended.agentId,
        createdAt: iso(ended.createdAt),
        answerAt: isoOrNull(ended.answerAt),
        bridgedAt: isoOrNull(ended.bridgedAt),
        endedAt: iso(endedAt),
        hangupCause: ended.hangupCause,
        ...times,
      },
    },
  ];
}

/** What one channel event does to its leg and call, once (the event row is new). */
async function applyChannel(
  tx: Tx,
  kind: ChannelKind,
  headers: Record<string, string>,
  callId: string,
  legId: string,
  at: Date,
): Promise<Emission[]> {
  const isMain = legId === callId;
  switch (kind) {
    case 'CHANNEL_CREATE':
    case 'CHANNEL_UNBRIDGE':
      return [];
    case 'CHANNEL_ANSWER': {
      await repo.markLeg(tx, legId, { answeredAt: at });
      const answerAt = isMain ? await repo.answerCall(tx, callId, at) : null;
      return answerAt ? [{ type: 'CALL_ANSWERED', payload: { callId, answerAt: iso(answerAt) } }] : [];
    }
    case 'CHANNEL_BRIDGE': {
      await repo.markLeg(tx, legId, { bridgedAt: at });
      // FreeSWITCH fires the bridge on the A side only: the other side is bridged at the same instant.
      const other = uuidOrNull(headers['Bridge-B-Unique-ID'] ?? headers['Other-Leg-Unique-ID']);
      if (other) await repo.markLeg(tx, other, { bridgedAt: at });
      await repo.bridgeCall(tx, callId, at);
      return [];
    }
    case 'CHANNEL_HANGUP_COMPLETE': {
      const cause = headers['Hangup-Cause'] ?? headers.variable_hangup_cause ?? null;
      // The profile's own times fill what a lost ANSWER or BRIDGE did not say.
      const answeredAt = microsToDate(headers['Caller-Channel-Answered-Time']);
      await repo.markLeg(tx, legId, {
        answeredAt,
        bridgedAt: microsToDate(headers['Caller-Channel-Bridged-Time']),
        endedAt: at,
        hangupCause: cause,
      });
      return isMain ? finish(tx, callId, at, cause, answeredAt) : [];
    }
  }
}

function channelHandler(deps: CallDeps, kind: ChannelKind) {
  return async (headers: Record<string, string>) => {
    const legId = uuidOrNull(headers['Unique-ID']);
    const at = eventTime(headers);
    if (!legId || !at) return;
    const placement = await place(deps, headers, legId);
    logUnrouted(deps.log, headers, kind, legId, placement?.tenantId ?? null);
    if (!placement) {
      deps.tenants.countUnattributed(kind);
      return deps.log.debug({ legId, kind }, 'channel event for no known tenant dropped');
    }
    const row: repo.NewEvent = {
      tenantId: placement.tenantId,
      callId: placement.callId,
      legId,
      name: kind,
      eventKey: eventKey(headers),
      occurredAt: at,
      headers: boundHeaders(headers),
    };
    // A new call's row is inserted by this unit: its event row can only follow it.
    const emissions = await write(
      deps,
      placement.tenantId,
      placement.newCall ? undefined : row,
      async (tx, inserted) => {
        const created = placement.legKnown ? [] : await attach(deps, tx, placement, headers, legId, at);
        const fresh = inserted ?? (await repo.insertEvent(tx, row));
        return fresh
          ? [...created, ...(await applyChannel(tx, kind, headers, placement.callId, legId, at))]
          : created;
      },
    );
    // Committed: the leg is the call's from now on.
    deps.facts?.noteLeg(legId, placement.callId, placement.tenantId);
    if (emissions.some((emission) => emission.type === 'CALL_ENDED')) deps.facts?.callEnded(placement.callId);
    await publish(deps, placement.tenantId, emissions);
  };
}

type MemberAction =
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

function memberHandler(deps: CallDeps, action: MemberAction) {
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
function membersCountHandler(deps: CallDeps) {
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

export function callHandlers(deps: CallDeps) {
  return {
    CHANNEL_CREATE: channelHandler(deps, 'CHANNEL_CREATE'),
    CHANNEL_ANSWER: channelHandler(deps, 'CHANNEL_ANSWER'),
    CHANNEL_BRIDGE: channelHandler(deps, 'CHANNEL_BRIDGE'),
    CHANNEL_UNBRIDGE: channelHandler(deps, 'CHANNEL_UNBRIDGE'),
    CHANNEL_HANGUP_COMPLETE: channelHandler(deps, 'CHANNEL_HANGUP_COMPLETE'),
    'callcenter::info/member-queue-start': memberHandler(deps, 'member-queue-start'),
    'callcenter::info/member-queue-end': memberHandler(deps, 'member-queue-end'),
    'callcenter::info/agent-offering': memberHandler(deps, 'agent-offering'),
    'callcenter::info/bridge-agent-start': memberHandler(deps, 'bridge-agent-start'),
    'callcenter::info/bridge-agent-end': memberHandler(deps, 'bridge-agent-end'),
    'callcenter::info/bridge-agent-fail': memberHandler(deps, 'bridge-agent-fail'),
    'callcenter::info/members-count': membersCountHandler(deps),
  };
}

/**
 * After a (re)connect the switch's channels are the truth: a call still open in the platform none
 * of whose channels the switch has any more ended while the platform was not listening. It is
 * closed at `now` (the last moment the switch was known alive, or when it was found gone) with hangupCause SWITCH_LOST, and CALL_ENDED is
 * emitted. `open` must be read before the switch was asked, so a call created in between is never closed.
 */
export async function reconcileCalls(
  deps: CallDeps,
  open: Awaited<ReturnType<typeof repo.openCalls>>,
  liveChannels: Set<string>,
  now: Date,
): Promise<string[]> {
  const closed: string[] = [];
  for (const call of open) {
    if (liveChannels.has(call.id) || call.openLegs.some((leg) => liveChannels.has(leg))) continue;
    const emissions = await deps.db.withTenant(call.tenantId, async (tx) => {
      const row = await repo.callRow(tx, call.id);
      if (!row || row.endedAt) return [];
      // Never before the call's own last instant (the switch's clock may run ahead of ours).
      const endedAt = new Date(
        Math.max(
          now.getTime(),
          ...[row.createdAt, row.answerAt, row.bridgedAt, row.queuedAt].map((d) => d?.getTime() ?? 0),
        ),
      );
      await repo.endOpenLegs(tx, call.id, endedAt, SWITCH_LOST);
      return finish(tx, call.id, endedAt, SWITCH_LOST, null);
    });
    if (emissions.length > 0) closed.push(call.id);
    deps.facts?.forget(call.id);
    await publish(deps, call.tenantId, emissions);
  }
  return closed;
}

/** The uuids of the channels in `show channels as json` rows. */
export function liveChannelsOf(rows: Record<string, string>[]): Set<string> {
  const live = new Set<string>();
  for (const row of rows) {
    const id = uuidOrNull(row.uuid);
    if (id) live.add(id);
  }
  return live;
}
