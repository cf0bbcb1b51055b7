// A caller dials a tenant's DID on the switch simulator: the public context the config sync wrote
// finds the tenant, stamps it on the call and hands the call to an extension, an IVR menu, a queue
// or a call group. Everything is observed through the event socket, as the platform sees it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assignNumbers, createMember, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, phoneLegs, startSwitchedApp, switchChannels, type SwitchedApp, until } from './switch.ts';

let t: SwitchedApp;
let tenant: TenantFixture;
let auth: Session['auth'];
let platform: Session;

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  tenant = await createTenant(t.app, platform);
  auth = tenant.admin.session.auth;
}, 60_000);
afterAll(() => t.close());
// Every test starts with a quiet switch, whatever the previous one left ringing.
afterEach(async () => {
  await esl('hupall NORMAL_CLEARING');
  await until(channels, (rows) => rows.length === 0);
});


const esl = (command: string) => t.runtime.target.esl.api(command);

const channels = () => switchChannels(t);

const legsOf = (extension: string) => phoneLegs(t, extension, tenant.tenant.telephonyDomain);

async function post<T>(url: string, payload: unknown): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: auth, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/** An extension whose phone is registered on the switch. */
async function phone(number: string, callGroup?: string): Promise<{ id: string }> {
  const created = await post<{ id: string; domain: string; sipPassword: string }>('/extensions', { number, callGroup });
  await settled();
  const registered = await until(
    () => t.simulator().control.register({ user: number, domain: created.domain, password: created.sipPassword }),
    (result) => result.ok,
  );
  expect(registered.ok).toBe(true);
  return created;
}

async function route(did: string, destinationType: string, destinationNumber: string): Promise<void> {
  await assignNumbers(t.app, platform, tenant.tenant.id, did);
  await post('/inbound-routes', { didNumber: did, destinationType, destinationNumber });
  await settled();
}

async function settled(): Promise<void> {
  expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0)).toBe(0);
}

const dial = (did: string) => t.simulator().control.inbound({ did, callerIdNumber: '5511987650000' });

describe('inbound calls from a DID', () => {
  it('reach an extension in the tenant’s own context, stamped with the tenant', async () => {
    await phone('4001');
    await route('551130004001', 'EXTENSION', '4001');
    const call = dial('+551130004001');

    const [ringing] = await until(() => legsOf('4001'), (legs) => legs[0]?.callstate === 'RINGING');
    expect(ringing?.callstate).toBe('RINGING');
    const caller = (await channels()).find((row) => row.uuid === call);
    expect(caller?.context).toBe(`${tenant.tenant.code}_default`);
    expect(caller?.application).toBe('bridge');
    expect((await esl(`uuid_getvar ${call} svc_tenant_id`)).trim()).toBe(tenant.tenant.id);

    expect(t.simulator().control.answer(call, '4001')).toBe(true);
    const answered = await until(() => legsOf('4001'), (legs) => legs[0]?.callstate === 'ACTIVE');
    expect(answered[0]?.callstate).toBe('ACTIVE');
  });

  it('reach an IVR menu, whose digit transfers the caller to the chosen extension', async () => {
    await phone('4002');
    const menu = await post<{ context: string }>('/ivr-menus', {
      name: 'Atendimento',
      context: 'atendimento',
      greeting: 'Bem-vindo',
      options: [{ digit: '1', targetExtension: '4002' }],
    });
    await route('551130004002', 'IVR', menu.context);
    const call = dial('551130004002');

    const waiting = await until(
      async () => (await channels()).find((row) => row.uuid === call),
      (row) => row?.application === 'play_and_get_digits',
    );
    expect(waiting?.context).toBe(`${tenant.tenant.code}_atendimento`);
    expect(await legsOf('4002')).toEqual([]);

    expect(t.simulator().control.dtmf(call, '1')).toBe(true);
    const legs = await until(() => legsOf('4002'), (found) => found.length === 1);
    expect(legs).toHaveLength(1);
  });

  it('reach a queue, where mod_callcenter offers the caller to a logged-in agent', async () => {
    const extension = await phone('4003');
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const agent = await post<{ id: string }>('/agents', { userId: member.id, extensionId: extension.id });
    const queue = await post<{ id: string }>('/queues', { name: `vendas-${Date.now()}` });
    await post(`/queues/${queue.id}/agents`, { agentId: agent.id });
    await settled();
    const agentAuth = member.session.auth;
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: agentAuth })).statusCode).toBe(200);
    await until(() => esl(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');

    await route('551130004003', 'QUEUE', queue.id);
    const call = dial('551130004003');

    const offered = await until(() => legsOf('4003'), (legs) => legs.length === 1);
    expect(offered).toHaveLength(1);
    const members = await esl(`callcenter_config queue list members q-${queue.id}`);
    expect(members).toContain(call);
    expect(t.simulator().control.answer(call, '4003')).toBe(true);
    const bridged = await until(() => esl(`callcenter_config agent get state a-${agent.id}`), (state) => state.trim() === 'In a queue call');
    expect(bridged.trim()).toBe('In a queue call');
  });

  it('reach a call group by ringing every member’s phone at once', async () => {
    await phone('4004', 'suporte');
    await route('551130004004', 'CALL_GROUP', 'suporte');
    // A member who joins after the route exists rings too: the route follows the extensions.
    await phone('4005', 'suporte');
    const call = dial('551130004004');

    const [first, second] = await Promise.all([
      until(() => legsOf('4004'), (legs) => legs.length === 1),
      until(() => legsOf('4005'), (legs) => legs.length === 1),
    ]);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    const caller = (await channels()).find((row) => row.uuid === call);
    expect(caller?.application).toBe('bridge');
    // 4001 (registered by the first test, in no group) stays quiet.
    expect(await legsOf('4001')).toEqual([]);
  });

  it('end at once for a DID that no tenant owns', async () => {
    const causes = new Map<string, string>();
    const stop = t.simulator().model.bus.subscribe((event) => {
      if (event.name === 'CHANNEL_HANGUP_COMPLETE') causes.set(event.get('Unique-ID') ?? '', event.get('Hangup-Cause') ?? '');
    });
    try {
      const call = dial('551139999999');
      const cause = await until(() => causes.get(call), (value) => value !== undefined);
      expect(cause).toBe('NO_ROUTE_DESTINATION');
    } finally {
      stop();
    }
  });
});
