// The dialer's CALL_* and CAMPAIGN_DIALER_UPDATED events reach their tenant's Socket.IO room and
// no other: two tenants dial at once, each supervisor's socket sees its own calls only.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWithLeads, dialerTenant, type DialerTenant, paperAgents, steerableModel, WEDNESDAY_MORNING } from './dialer-support.ts';
import { createPlatformAdmin, login } from './harness.ts';
import { startSwitchedApp, type SwitchedApp, until } from './switch.ts';

const model = steerableModel();
model.only('NO_ANSWER');
let t: SwitchedApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startSwitchedApp({ dialer: { tickMs: 200, callingClock: () => WEDNESDAY_MORNING, simulationModel: model } });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

interface Received {
  type: string;
  payload: { tenantId?: string; callId?: string; campaignId?: string };
}

/** The tenant admin's socket, every event it receives kept. */
async function listen(owner: DialerTenant): Promise<Received[]> {
  const socket = connect(url, { auth: { token: owner.tenant.admin.session.accessToken }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((type: string, payload: Received['payload']) => received.push({ type, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return received;
}

describe('the dialer’s realtime events', () => {
  it('reach only their tenant’s room', async () => {
    const admin = await createPlatformAdmin(t.db);
    const platform = await login(t.app, admin.email, admin.password);
    const owners = [await dialerTenant(t, platform, {}), await dialerTenant(t, platform, {})];
    const received = await Promise.all(owners.map(listen));
    const campaigns: string[] = [];
    for (const owner of owners) {
      const queue = await t.app.inject({ method: 'POST', url: '/queues', headers: owner.auth, payload: { name: 'fila' } });
      expect(queue.statusCode, queue.body).toBe(201);
      await paperAgents(t, owner.tenant.tenant.id, queue.json<{ id: string }>().id, 1);
      campaigns.push((await campaignWithLeads(t, owner, queue.json<{ id: string }>().id, [{}, {}])).campaignId);
    }
    const callsOf = (events: Received[]) => new Set(events.filter((event) => event.type.startsWith('CALL_')).map((event) => event.payload.callId));
    for (const events of received) {
      await until(
        () => events.filter((event) => event.type === 'CALL_ENDED').length,
        (ended) => ended >= 2,
        15_000,
      );
    }
    for (const [index, owner] of owners.entries()) {
      const events = received[index]!;
      const tenantId = owner.tenant.tenant.id;
      const own = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('dialAttempts').select('callId').execute());
      expect(callsOf(events).size).toBeGreaterThanOrEqual(2);
      // Every call the socket heard of is one of its tenant's attempts, and every event is stamped with its tenant.
      expect([...callsOf(events)].every((callId) => own.some((attempt) => attempt.callId === callId))).toBe(true);
      expect(events.every((event) => event.payload.tenantId === tenantId)).toBe(true);
      expect(events.filter((event) => event.type === 'CAMPAIGN_DIALER_UPDATED').map((event) => event.payload.campaignId)).toContain(campaigns[index]);
      expect(events.some((event) => event.type === 'CAMPAIGN_DIALER_UPDATED' && event.payload.campaignId === campaigns[1 - index])).toBe(false);
    }
  });
});
