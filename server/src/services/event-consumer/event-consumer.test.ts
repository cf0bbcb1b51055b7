import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { CONSUMED_EVENTS, handlerTable, serialRunner } from './event-consumer.ts';
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

describe('serialRunner', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('finishes tasks in the order they came, even when an earlier one is slower', async () => {
    const runner = serialRunner(() => undefined);
    const done: string[] = [];
    void runner.run(async () => {
      await sleep(30);
      done.push('REGISTER');
    });
    await runner.run(async () => {
      done.push('REGED');
    });
    expect(done).toEqual(['REGISTER', 'REGED']);
  });

  it('reports a failed task and runs the next one', async () => {
    const errors: unknown[] = [];
    const runner = serialRunner((error) => errors.push(error));
    void runner.run(() => Promise.reject(new Error('database down')));
    let ran = false;
    await runner.run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(errors).toHaveLength(1);
  });
});
