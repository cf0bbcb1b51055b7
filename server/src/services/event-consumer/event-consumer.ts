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
  customSubclasses: ['sofia::register', 'sofia::unregister', 'sofia::expire', 'sofia::gateway_state'],
};

type Handler = (headers: Record<string, string>, event: SwitchEvent) => Promise<void>;

/** One handler per consumed event name or CUSTOM subclass. */
export function handlerTable(deps: { db: DatabaseHandles; tenants: TenantResolver; realtime: RealtimePublisher; log: Logger }): Record<string, Handler> {
  return { ...registrationHandlers(deps), ...gatewayHandlers(deps) };
}

export interface EventConsumerDeps {
  db: DatabaseHandles;
  esl: EslClient;
  realtime: RealtimePublisher;
  log: Logger;
}

export function startEventConsumer(deps: EventConsumerDeps): { stop(): void; reconciled: () => Promise<void> } {
  const log = deps.log.child({ service: 'event-consumer' });
  const tenants = new TenantResolver(deps.db);
  const handlers = handlerTable({ db: deps.db, tenants, realtime: deps.realtime, log });
  let lastReconcile: Promise<void> = Promise.resolve();

  const onEvent = (event: SwitchEvent) => {
    const handler = handlers[event.subclass ?? event.name];
    if (!handler) return;
    handler(event.headers, event).catch((error: unknown) => log.warn({ err: error, event: event.subclass ?? event.name }, 'switch event handling failed'));
  };
  const onConnected = () => {
    lastReconcile = deps.esl
      .api('show registrations as json')
      .then((text) => reconcileRegistrations({ db: deps.db, tenants, realtime: deps.realtime, log }, toRegistrations(parseShowJson(text))))
      .catch((error: unknown) => log.warn({ err: error }, 'registration reconciliation failed'));
  };

  deps.esl.on('event', onEvent);
  deps.esl.on('connected', onConnected);
  return {
    stop() {
      deps.esl.off('event', onEvent);
      deps.esl.off('connected', onConnected);
    },
    reconciled: () => lastReconcile,
  };
}
