// Test support for the call consumer: the real captures as SwitchEvents, the realtime events a
// coordination channel carries, and a tenant with an extension, an agent and a queue.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { expect } from 'vitest';
import type { Coordination } from '../src/platform/coordination/coordination.ts';
import { CALL_EVENTS_DELIVERED } from '../src/platform/realtime/event-schemas.ts';
import { realtimeEventOf, type RealtimeEvent } from '../src/platform/realtime/events.ts';
import { EslParser, toSwitchEvent, type SwitchEvent } from '../src/platform/switch/esl-parser.ts';
import { createMember, createTenant, type Session, type TestContext, type TenantFixture } from './harness.ts';

const FIXTURES = new URL('../../fixtures/freeswitch-1.10.12/', import.meta.url);

/** Every event of a capture, parsed by the platform's own parser, in wire order. */
export function captureEvents(name: string): SwitchEvent[] {
  const parser = new EslParser();
  return parser
    .push(readFileSync(new URL(name, FIXTURES)))
    .map(toSwitchEvent)
    .filter((event): event is SwitchEvent => event !== null);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The capture as the platform's switch would have said it: the lab switch named its queue
 * `support@default`, its agent `1000@default` and its context `default`; the platform names them
 * q-<queue id>, a-<agent id> and <tenant code>_default. Nothing else is changed (no svc_* variable
 * is added: the call is correlated exactly as on a real switch without them). With `freshUuids`
 * every uuid of the capture is replaced, consistently, by a new one: the same flow as another call
 * (the plain and json captures are the same calls, and a uuid is never reused by a switch).
 */
export function asPlatformNamed(events: SwitchEvent[], names: { queueId: string; agentId: string; tenantCode: string }, options: { freshUuids?: boolean } = {}): SwitchEvent[] {
  const renew = uuidRenewer();
  const remap = (value: string) => (options.freshUuids ? renew(value) : value);
  const rename = (name: string, raw: unknown): string => {
    // JSON events keep a repeated header as an array; the consumer reads single values.
    const value = remap(typeof raw === 'string' ? raw : JSON.stringify(raw));
    if (value === 'support@default') return `q-${names.queueId}`;
    if (value === '1000@default') return `a-${names.agentId}`;
    if ((name === 'Caller-Context' || name === 'variable_user_context') && value === 'default') return `${names.tenantCode}_default`;
    return value;
  };
  return events.map((event) => ({
    ...event,
    headers: Object.fromEntries(Object.entries(event.headers).map(([name, value]) => [name, rename(name, value)])),
  }));
}

/** The capture with every uuid replaced, consistently, by a new one and nothing else changed. */
export function withFreshUuids(events: SwitchEvent[]): SwitchEvent[] {
  const renew = uuidRenewer();
  return events.map((event) => ({ ...event, headers: Object.fromEntries(Object.entries(event.headers).map(([name, value]) => [name, renew(String(value))])) }));
}

/** Replaces each uuid in a text by its own new one, the same one every time it comes back. */
function uuidRenewer(): (value: string) => string {
  const fresh = new Map<string, string>();
  return (value) => value.replace(UUID, (uuid) => fresh.get(uuid) ?? (fresh.set(uuid, randomUUID()), fresh.get(uuid)!));
}

/** The realtime events published on the coordination channel, as they are delivered. */
export async function collectRealtime(coordination: Coordination): Promise<{ events: RealtimeEvent[]; stop(): Promise<void> }> {
  const events: RealtimeEvent[] = [];
  const stop = await coordination.subscribe((message) => {
    const event = realtimeEventOf(message);
    if (event) events.push(event);
  });
  return { events, stop };
}

/** Every call/queue event matches its schema exactly (payload + type, tenantId, at). */
export function expectValidPayloads(events: RealtimeEvent[]): void {
  for (const event of events) {
    const schema = CALL_EVENTS_DELIVERED[event.type as keyof typeof CALL_EVENTS_DELIVERED];
    if (!schema) continue;
    expect([...Value.Errors(schema, event)], `${event.type} ${JSON.stringify(event)}`).toEqual([]);
  }
}

export interface CallCenterTenant extends TenantFixture {
  extensionId: string;
  agentId: string;
  queueId: string;
  agentSession: Session;
}

/** A tenant with extension `number`, an agent on it and a queue. */
export async function callCenterTenant(t: TestContext, number = '1000'): Promise<CallCenterTenant> {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  const extensionId = await t.createId('/extensions', session, { number });
  const member = await createMember(t.app, session, 'agent');
  const agentId = await t.createId('/agents', session, { userId: member.id, extensionId });
  const queueId = await t.createId('/queues', session, { name: `support-${Date.now()}` });
  return { ...fixture, extensionId, agentId, queueId, agentSession: member.session };
}
