// What every switch-event handler of the calls shares (docs/calls.md): the consumer's batched
// tenant write, where a channel's call is (a known leg, a related channel, or a new call of its
// tenant), inserting the call and its legs, and publishing what a committed write emits.
import type { Logger } from 'pino';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { CallEventPayloads, CallEventType } from '../../platform/realtime/event-schemas.ts';
import { parseAgentName } from '../../platform/switch/naming.ts';
import { callDirection, trunkOfLeg } from './call-direction.ts';
import { callParties, dialerOf, legExtensionNumber, relatedChannels, uuidOrNull, variable } from './call-correlation.ts';
import { microsToDate } from './call-times.ts';
import type { CallFacts } from './call-facts.ts';
import type { EventClaims } from './event-claims.ts';
import type { BatchedWork, WriteBatcher } from './write-batcher.ts';
import * as repo from './calls.repo.ts';
import type { TenantResolver } from './tenant-resolver.ts';

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
export const write = <T>(
  deps: CallDeps,
  tenantId: string,
  event: repo.NewEvent | undefined,
  fn: BatchedWork<T>,
): Promise<T> =>
  deps.writes
    ? deps.writes.withEvent(tenantId, event, fn)
    : deps.db.withTenant(tenantId, (tx) => fn(tx, null));

/** repo.locate, answered from the calls in progress when the first id is a leg known there. */
export async function locate(deps: CallDeps, ids: string[]): Promise<repo.CallPlace | null> {
  const cached = ids[0] && deps.facts ? deps.facts.placeOf(ids[0]) : null;
  if (cached) return cached;
  const found = await repo.locate(deps.db, ids);
  if (found?.asLeg) deps.facts?.noteLeg(found.found, found.callId, found.tenantId);
  return found;
}

/** repo.ownId, read once per call when the consumer remembers calls (ids never move between tenants). */
export const ownIdOf = (
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

export type Emission = { [K in CallEventType]: { type: K; payload: CallEventPayloads[K] } }[CallEventType];

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export async function publish(deps: CallDeps, tenantId: string, emissions: Emission[]): Promise<void> {
  for (const emission of emissions) await deps.realtime.publish(tenantId, emission.type, emission.payload);
}

export interface Placement {
  callId: string;
  tenantId: string;
  /** The call is new: the event's channel is its main leg. */
  newCall: boolean;
  /** The channel is already a leg of the call (nothing to attach). */
  legKnown: boolean;
}

/** Where a channel's events go: its known call, a related channel's call, or a new call of its tenant. */
export async function place(
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
export async function attach(
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
