import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { CallLines, CONSUMED_EVENTS, dispatchKey, handlerTable, keyedRunner, orderingKey, serialRunner, subscriptionOf } from './event-consumer.ts';
import { parseAgentName } from '../../platform/switch/naming.ts';
import { tenantCodeOfContext, type TenantResolver } from './tenant-resolver.ts';

describe('event consumer subscriptions', () => {
  it('subscribes to exactly the events it has a handler for', () => {
    // Building the table does no I/O; the dependencies are never called here.
    const table = handlerTable({
      db: {} as DatabaseHandles,
      tenants: {} as TenantResolver,
      realtime: {} as RealtimePublisher,
      log: pino({ level: 'silent' }),
    });
    expect(subscriptionOf(table)).toEqual(CONSUMED_EVENTS);
    for (const [key, handlers] of Object.entries(table)) expect(handlers.length, key).toBeGreaterThan(0);
  });

  it('subscribes to callcenter::info once for all of its actions, and to plain events by name', () => {
    const table = { 'callcenter::info/agent-offering': [], 'callcenter::info/members-count': [], CHANNEL_ANSWER: [], 'sofia::register': [] };
    expect(subscriptionOf(table)).toEqual({ events: ['CHANNEL_ANSWER'], customSubclasses: ['callcenter::info', 'sofia::register'] });
  });
});

describe('dispatch and ordering keys', () => {
  const event = (name: string, headers: Record<string, string>, subclass?: string) => ({ name, subclass, headers });

  it('dispatches callcenter::info by its CC-Action, other CUSTOM events by subclass, the rest by name', () => {
    expect(dispatchKey(event('CUSTOM', { 'CC-Action': 'agent-offering' }, 'callcenter::info'))).toBe('callcenter::info/agent-offering');
    expect(dispatchKey(event('CUSTOM', {}, 'sofia::register'))).toBe('sofia::register');
    expect(dispatchKey(event('CHANNEL_ANSWER', {}))).toBe('CHANNEL_ANSWER');
  });

  it('keeps one call in one line, whichever leg or module speaks, and agents and registrations in theirs', () => {
    const member = '95142ee8-9898-4850-aa84-088751699cd1';
    expect(orderingKey(event('CHANNEL_ANSWER', { 'Unique-ID': member }))).toBe(`call:${member}`);
    expect(orderingKey(event('CUSTOM', { 'CC-Action': 'member-queue-start', 'CC-Member-Session-UUID': member, 'Unique-ID': member }, 'callcenter::info'))).toBe(`call:${member}`);
    // The agent leg is another channel: the call id the platform set on it wins over its own uuid.
    expect(orderingKey(event('CHANNEL_BRIDGE', { 'Unique-ID': 'agent-leg', variable_svc_call_id: member }))).toBe(`call:${member}`);
    expect(orderingKey(event('CUSTOM', { 'CC-Action': 'agent-state-change', 'CC-Agent': 'a-1' }, 'callcenter::info'))).toBe('agent:a-1');
    expect(orderingKey(event('CUSTOM', { username: '1000' }, 'sofia::register'))).toBe('sofia');
    expect(orderingKey(event('CUSTOM', { Gateway: 'gw-1', 'Unique-ID': 'x' }, 'sofia::gateway_state'))).toBe('sofia');
  });
});

describe('keyedRunner', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps each key in order while another key does not wait for it', async () => {
    const runner = keyedRunner(() => undefined);
    const done: string[] = [];
    void runner.run('call:a', async () => {
      await sleep(40);
      done.push('a answer');
    });
    void runner.run('call:a', async () => {
      done.push('a hangup');
    });
    await runner.run('call:b', async () => {
      done.push('b create');
    });
    expect(done).toEqual(['b create']);
    await runner.idle();
    expect(done).toEqual(['b create', 'a answer', 'a hangup']);
    expect(runner.busyKeys).toBe(0);
  });

  it('reports a failure with its key and goes on with that key', async () => {
    const errors: string[] = [];
    const runner = keyedRunner((_error, key) => errors.push(key));
    void runner.run('agent:x', () => Promise.reject(new Error('database down')));
    let ran = false;
    await runner.run('agent:x', async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(errors).toEqual(['agent:x']);
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

describe('CallLines', () => {
  const event = (name: string, headers: Record<string, string>, subclass?: string) => ({ name, subclass, headers });
  const a = 'df913350-4a0b-4f26-ad17-d395923d3370';
  const b = '95142ee8-9898-4850-aa84-088751699cd1';
  const agent = '42a113c2-2fca-428d-a846-631314657536';

  it('puts a loopback pair, its queue events and the agent leg in the line of the first channel (as in 08_sip_callcenter)', () => {
    const lines = new CallLines();
    const key = lines.keyOf(event('CHANNEL_CREATE', { 'Unique-ID': a, 'Channel-Call-UUID': a, variable_other_loopback_leg_uuid: b }));
    expect(key).toBe(`call:${a}`);
    expect(lines.keyOf(event('CHANNEL_CREATE', { 'Unique-ID': b, 'Channel-Call-UUID': b, variable_other_loopback_leg_uuid: a }))).toBe(key);
    expect(lines.keyOf(event('CUSTOM', { 'CC-Action': 'agent-offering', 'CC-Member-Session-UUID': b }, 'callcenter::info'))).toBe(key);
    // The agent leg names the member only in a variable; once bridged its call uuid is the member's.
    expect(lines.keyOf(event('CHANNEL_CREATE', { 'Unique-ID': agent, 'Channel-Call-UUID': agent, variable_cc_member_session_uuid: b }))).toBe(key);
    expect(lines.keyOf(event('CHANNEL_HANGUP_COMPLETE', { 'Unique-ID': agent, 'Channel-Call-UUID': b }))).toBe(key);
    expect(lines.keyOf(event('CHANNEL_CREATE', { 'Unique-ID': '00000000-0000-4000-8000-000000000000' }))).toBe('call:00000000-0000-4000-8000-000000000000');
    expect(lines.keyOf(event('CUSTOM', { 'CC-Agent': 'a-1' }, 'callcenter::info'))).toBe('agent:a-1');
  });

  it('forgets the oldest channels beyond its capacity', () => {
    const lines = new CallLines(3);
    for (let i = 0; i < 10; i++) lines.keyOf(event('CHANNEL_CREATE', { 'Unique-ID': `u${i}` }));
    expect(lines.size).toBe(3);
  });
});

describe('tenant names on the switch', () => {
  it('reads the tenant code of a context and the agent of an agent name, nothing by prefix', () => {
    expect(tenantCodeOfContext('acme-1_default')).toBe('acme-1');
    expect(tenantCodeOfContext('public')).toBeNull();
    expect(tenantCodeOfContext('_x')).toBeNull();
    expect(parseAgentName('a-42A113C2-2fca-428d-a846-631314657536')).toBe('42a113c2-2fca-428d-a846-631314657536');
    expect(parseAgentName('1000@default')).toBeNull();
    expect(parseAgentName('a-42a113c2-2fca-428d-a846-631314657536x')).toBeNull();
  });
});
