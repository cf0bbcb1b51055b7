import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { CONSUMED_EVENTS, handlerTable } from './event-consumer.ts';
import type { TenantResolver } from './tenant-resolver.ts';

describe('event consumer subscriptions', () => {
  it('subscribes to exactly the events it has a handler for', () => {
    // Building the table does no I/O; the dependencies are never called here.
    const table = handlerTable({
      db: {} as DatabaseHandles,
      tenants: {} as TenantResolver,
      realtime: {} as RealtimePublisher,
      log: pino({ level: 'silent' }),
    });
    expect(Object.keys(table).sort()).toEqual([...CONSUMED_EVENTS.events, ...CONSUMED_EVENTS.customSubclasses].sort());
  });
});
