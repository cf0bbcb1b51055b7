// Consumes the switch's events: one dispatch table from event (or CUSTOM subclass, or
// callcenter::info action) to its handlers. Events of one ordering key (a call, an agent, the SIP
// registrations) are applied in arrival order; different keys never wait for each other.
// Registration reconciliation runs on every connect and reconnect.
import type { Logger } from 'pino';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import type { SwitchEvent } from '../../platform/switch/esl-parser.ts';
import { parseShowJson, toRegistrations } from '../../platform/switch/introspection.ts';
import { agentHandlers, WrapUpWatch } from './agents.ts';
import { callHandlers, liveChannelsOf, reconcileCalls } from './calls.ts';
import { openCalls } from './calls.repo.ts';
import { eventClaims, type EventClaims } from './event-claims.ts';
import { gatewayHandlers } from './gateways.ts';
import { recordingHandlers, type RecordingCollection } from './recordings.ts';
import { reconcileRegistrations, registrationHandlers } from './registrations.ts';
import { TenantResolver } from './tenant-resolver.ts';
import { CallFacts } from './call-facts.ts';
import { WriteBatcher } from './write-batcher.ts';

export type EventHandler = (headers: Record<string, string>, event: SwitchEvent) => Promise<void>;

/** What every group of handlers may use. */
export interface HandlerDeps {
  db: DatabaseHandles;
  tenants: TenantResolver;
  realtime: RealtimePublisher;
  log: Logger;
  /** The switch's API, for handlers that must ask it something (the agents' wrap-up end, live calls). */
  switchApi?: { api(command: string): Promise<string> };
  /** The agents' pending wrap-up checks, stopped with the consumer. */
  agentWrapUps?: WrapUpWatch;
  /** Where recordings are collected from and stored; absent, they are not collected. */
  recordings?: RecordingCollection;
  /** Across instances, who applies what no row makes idempotent (absent: this instance applies all). */
  claims?: EventClaims;
  /** The call records' tenant writes, batched (decision 0040); absent, one transaction per event. */
  writes?: WriteBatcher;
  /** What is known of the calls in progress (decision 0040). */
  facts?: CallFacts;
}

/** mod_callcenter sends every queue and agent event as this one subclass, told apart by CC-Action. */
export const CALLCENTER_SUBCLASS = 'callcenter::info';

/** The table key of an event: `callcenter::info/<CC-Action>`, else the CUSTOM subclass, else the event name. */
export function dispatchKey(event: Pick<SwitchEvent, 'name' | 'subclass' | 'headers'>): string {
  if (event.subclass === CALLCENTER_SUBCLASS)
    return `${CALLCENTER_SUBCLASS}/${event.headers['CC-Action'] ?? ''}`;
  return event.subclass ?? event.name;
}

/** Several groups may handle one event (a hangup ends a call and frees an agent): their handlers run in table order. */
export function mergeHandlers(...groups: Record<string, EventHandler>[]): Record<string, EventHandler[]> {
  const table: Record<string, EventHandler[]> = {};
  for (const group of groups)
    for (const [key, handler] of Object.entries(group)) (table[key] ??= []).push(handler);
  return table;
}

/** One entry per consumed event name, CUSTOM subclass or callcenter::info action. */
export function handlerTable(deps: HandlerDeps): Record<string, EventHandler[]> {
  return mergeHandlers(
    registrationHandlers(deps),
    gatewayHandlers(deps),
    callHandlers(deps),
    agentHandlers(deps, deps.agentWrapUps),
    recordingHandlers(deps),
  );
}

/** The subscription that brings exactly the table's events: its keys as event names and CUSTOM subclasses. */
export function subscriptionOf(table: Record<string, unknown>): {
  events: string[];
  customSubclasses: string[];
} {
  const events = new Set<string>();
  const customSubclasses = new Set<string>();
  for (const key of Object.keys(table)) {
    if (key.startsWith(`${CALLCENTER_SUBCLASS}/`)) customSubclasses.add(CALLCENTER_SUBCLASS);
    else if (key.includes('::')) customSubclasses.add(key);
    else events.add(key);
  }
  return { events: [...events].sort(), customSubclasses: [...customSubclasses].sort() };
}

/** What the switch must send the consumer (the same table the consumer dispatches on). */
export const CONSUMED_EVENTS = subscriptionOf(
  handlerTable({ db: null as never, tenants: null as never, realtime: null as never, log: null as never }),
);

/** The line that keeps all SIP registration and gateway events, and their reconciliation, in one order. */
export const SOFIA_KEY = 'sofia';

/**
 * The ordering key of an event: everything about one call shares the call's key (the platform's
 * svc_call_id, else mod_callcenter's member session, else the channel's call uuid, else the
 * channel), an agent's status and state share the agent's, and registrations and gateways share one.
 */
export function orderingKey(event: Pick<SwitchEvent, 'name' | 'subclass' | 'headers'>): string {
  const h = event.headers;
  if (event.subclass?.startsWith('sofia::')) return SOFIA_KEY;
  const call =
    h.variable_svc_call_id ??
    h.svc_call_id ??
    h['CC-Member-Session-UUID'] ??
    h['Channel-Call-UUID'] ??
    h['Unique-ID'];
  if (call) return `call:${call}`;
  if (h['CC-Agent']) return `agent:${h['CC-Agent']}`;
  if (h['CC-Queue']) return `queue:${h['CC-Queue']}`;
  return `event:${dispatchKey(event)}`;
}

/** The line of the calls' reconciliation after a (re)connect. */
export const CALLS_RECONCILE_KEY = 'calls-reconcile';

/**
 * One call's channels do not all name the same call: a loopback pair's legs each have their own
 * call uuid, an agent leg of mod_callcenter names the member's session only in a variable, and its
 * call uuid changes once bridged. The consumer remembers, in arrival order, which line each channel
 * went to, and puts every later event that names one of those channels in the same line. Bounded:
 * the oldest channels are forgotten first (their calls are long over).
 */
export class CallLines {
  private readonly lineOf = new Map<string, string>();

  constructor(private readonly capacity = 50_000) {}

  keyOf(event: Pick<SwitchEvent, 'name' | 'subclass' | 'headers'>): string {
    const base = orderingKey(event);
    if (!base.startsWith('call:')) return base;
    const h = event.headers;
    const channels = [
      h.variable_svc_call_id,
      h['CC-Member-Session-UUID'],
      h.variable_cc_member_session_uuid,
      h.variable_other_loopback_leg_uuid,
      h['Other-Leg-Unique-ID'],
      h['Bridge-A-Unique-ID'],
      h['Bridge-B-Unique-ID'],
      h['CC-Agent-UUID'],
      h['Channel-Call-UUID'],
      h['Unique-ID'],
    ].filter((id): id is string => typeof id === 'string' && id.length > 0);
    let key = base;
    for (const id of channels) {
      const line = this.lineOf.get(id);
      if (line) {
        key = line;
        break;
      }
    }
    for (const id of channels) {
      this.lineOf.delete(id);
      this.lineOf.set(id, key);
    }
    while (this.lineOf.size > this.capacity) this.lineOf.delete(this.lineOf.keys().next().value!);
    return key;
  }

  get size(): number {
    return this.lineOf.size;
  }
}

/**
 * Runs the tasks of one key one after another in the order they were given, whatever each takes,
 * so a later state from the switch (REGED, a hangup) is never overwritten by an earlier one still
 * being written (REGISTER, an answer); tasks of different keys run side by side. A failed task is
 * reported and does not stop the ones behind it. A key's line is forgotten once it is empty.
 */
export function keyedRunner(onError: (error: unknown, key: string) => void): {
  run(key: string, task: () => Promise<void>): Promise<void>;
  /** Keys with work queued or running (for metrics and tests). */
  readonly busyKeys: number;
  /** Resolves when every line is empty. */
  idle(): Promise<void>;
} {
  const tails = new Map<string, Promise<void>>();
  return {
    run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      const tail = previous.then(() => task().catch((error: unknown) => onError(error, key)));
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return tail;
    },
    get busyKeys() {
      return tails.size;
    },
    async idle() {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}

/** A single line: every task in the order given (one key). */
export function serialRunner(onError: (error: unknown) => void): {
  run(task: () => Promise<void>): Promise<void>;
} {
  const runner = keyedRunner(onError);
  return { run: (task) => runner.run('', task) };
}

export interface EventConsumerDeps {
  db: DatabaseHandles;
  esl: EslClient;
  realtime: RealtimePublisher;
  log: Logger;
  recordings?: RecordingCollection;
  /** The cache store the instances share: events are claimed there (event-claims.ts). */
  coordination?: Pick<Coordination, 'claimFlag'>;
}

export function startEventConsumer(deps: EventConsumerDeps): {
  stop(): void;
  idle(): Promise<void>;
  tenants: TenantResolver;
  writes: WriteBatcher;
} {
  const log = deps.log.child({ service: 'event-consumer' });
  const tenants = new TenantResolver(deps.db);
  const writes = new WriteBatcher(deps.db);
  const handlerDeps: HandlerDeps = {
    db: deps.db,
    tenants,
    realtime: deps.realtime,
    log,
    writes,
    facts: new CallFacts(),
    switchApi: deps.esl,
    ...(deps.recordings ? { recordings: deps.recordings } : {}),
    ...(deps.coordination ? { claims: eventClaims(deps.coordination, log) } : {}),
  };
  const wrapUps = new WrapUpWatch(handlerDeps);
  handlerDeps.agentWrapUps = wrapUps;
  const handlers = handlerTable(handlerDeps);

  const lines = keyedRunner((error, key) => log.warn({ err: error, key }, 'switch event handling failed'));
  const callLines = new CallLines();

  const onEvent = (event: SwitchEvent) => {
    const group = handlers[dispatchKey(event)];
    if (!group) return;
    void lines.run(callLines.keyOf(event), async () => {
      for (const handler of group) await handler(event.headers, event);
    });
  };
  // In the registrations' line: those that came before the snapshot are applied before it.
  const onConnected = () => {
    void lines.run(SOFIA_KEY, () =>
      deps.esl
        .api('show registrations as json')
        .then((text) => reconcileRegistrations(handlerDeps, toRegistrations(parseShowJson(text))))
        .catch((error: unknown) => log.warn({ err: error }, 'registration reconciliation failed')),
    );
    // The open calls are read before the switch is asked: one created in between is never closed.
    void lines.run(CALLS_RECONCILE_KEY, async () => {
      try {
        const open = await openCalls(deps.db);
        if (open.length === 0) return;
        const live = liveChannelsOf(parseShowJson(await deps.esl.api('show channels as json')));
        // A call gone after a drop ended at the latest when the switch was last heard from.
        const closed = await reconcileCalls(
          handlerDeps,
          open,
          live,
          deps.esl.lastAliveBeforeDrop ?? new Date(),
        );
        if (closed.length > 0) log.warn({ calls: closed }, 'calls the switch no longer had were closed');
      } catch (error) {
        log.warn({ err: error }, 'call reconciliation failed');
      }
    });
  };

  deps.esl.on('event', onEvent);
  deps.esl.on('connected', onConnected);
  return {
    stop() {
      deps.esl.off('event', onEvent);
      deps.esl.off('connected', onConnected);
      wrapUps.stop();
    },
    idle: () => lines.idle(),
    tenants,
    writes,
  };
}
