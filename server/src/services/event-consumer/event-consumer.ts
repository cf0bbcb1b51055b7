// Consumes the switch's events: one dispatch table from event (or CUSTOM subclass) to handler.
// Registration reconciliation runs on every connect and reconnect.
import type { Logger } from 'pino';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import type { SwitchEvent } from '../../platform/switch/esl-parser.ts';
import { parseShowJson, toRegistrations } from '../../platform/switch/introspection.ts';
import { gatewayHandlers } from './gateways.ts';
import { reconcileRegistrations, registrationHandlers } from './registrations.ts';
import { TenantResolver } from './tenant-resolver.ts';

/**
 * What the consumer subscribes to: exactly the keys of its handler table (a test holds them
 * together), so the switch sends nothing the platform would throw away. Call and queue events
 * join when their handlers do.
 */
export const CONSUMED_EVENTS = {
  events: [] as string[],
  customSubclasses: ['sofia::register', 'sofia::register_failure', 'sofia::unregister', 'sofia::expire', 'sofia::gateway_state'],
};

type Handler = (headers: Record<string, string>, event: SwitchEvent) => Promise<void>;

/** One handler per consumed event name or CUSTOM subclass. */
export function handlerTable(deps: { db: DatabaseHandles; tenants: TenantResolver; realtime: RealtimePublisher; log: Logger }): Record<string, Handler> {
  return { ...registrationHandlers(deps), ...gatewayHandlers(deps) };
}

/**
 * Runs tasks one after another in the order they were given, whatever each takes, so a later state
 * from the switch (REGED) is never overwritten by an earlier one still being written (REGISTER).
 * A failed task is reported and does not stop the ones behind it.
 */
export function serialRunner(onError: (error: unknown) => void): { run(task: () => Promise<void>): Promise<void> } {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(task) {
      tail = tail.then(() => task().catch(onError));
      return tail;
    },
  };
}

export interface EventConsumerDeps {
  db: DatabaseHandles;
  esl: EslClient;
  realtime: RealtimePublisher;
  log: Logger;
}

export function startEventConsumer(deps: EventConsumerDeps): { stop(): void } {
  const log = deps.log.child({ service: 'event-consumer' });
  const tenants = new TenantResolver(deps.db);
  const handlers = handlerTable({ db: deps.db, tenants, realtime: deps.realtime, log });

  const inOrder = serialRunner((error) => log.warn({ err: error }, 'switch event handling failed'));

  const onEvent = (event: SwitchEvent) => {
    const handler = handlers[event.subclass ?? event.name];
    if (!handler) return;
    void inOrder.run(() => handler(event.headers, event));
  };
  // In the same line as the events: those that came before the snapshot are applied before it.
  const onConnected = () => {
    void inOrder.run(() =>
      deps.esl
        .api('show registrations as json')
        .then((text) => reconcileRegistrations({ db: deps.db, tenants, realtime: deps.realtime, log }, toRegistrations(parseShowJson(text))))
        .catch((error: unknown) => log.warn({ err: error }, 'registration reconciliation failed')),
    );
  };

  deps.esl.on('event', onEvent);
  deps.esl.on('connected', onConnected);
  return {
    stop() {
      deps.esl.off('event', onEvent);
      deps.esl.off('connected', onConnected);
    },
  };
}
