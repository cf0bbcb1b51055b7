// Switch events → Call / CallLeg / CallEvent rows and the call realtime events (docs/calls.md,
// docs/events.md). Channel events place their channel in a call (known leg, related channel, or a
// new call of the resolved tenant; call-writes.ts); mod_callcenter's events are in
// queue-member-events.ts. Every write is idempotent: an event is applied only when its row in
// call_events is new, and an ended call is frozen.
import type { Tx } from '../../platform/db/database.ts';
import { boundHeaders, eventKey, uuidOrNull } from './call-correlation.ts';
import { computeCallTimes, eventTime, microsToDate } from './call-times.ts';
import * as repo from './calls.repo.ts';
import { closeEntriesOfEndedCall } from './queue-entries.ts';
import { attach, iso, isoOrNull, place, publish, SWITCH_LOST, write, type CallDeps, type Emission } from './call-writes.ts';
import { memberHandler, membersCountHandler } from './queue-member-events.ts';
import { logUnrouted } from './unrouted-calls.ts';

export { SWITCH_LOST, type CallDeps };

type ChannelKind =
  'CHANNEL_CREATE' | 'CHANNEL_ANSWER' | 'CHANNEL_BRIDGE' | 'CHANNEL_UNBRIDGE' | 'CHANNEL_HANGUP_COMPLETE';


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
