// The platform against the switch simulator over the real event-socket protocol: configuration
// reaches the switch, registrations come back, introspection answers, and a switch restart is
// survived with everything resynchronised.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyWav } from '../src/modules/ivr-menus/wav.test-support.ts';
import { realtimeEventOf, type RealtimeEvent } from '../src/platform/realtime/events.ts';
import { createMember, createPlatformAdmin, createTenant, login, multipartFile, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, readFileSafe, startSwitchedApp, until, type SwitchedApp } from './switch.ts';

let t: SwitchedApp;
let platform: Session;
let tenant: TenantFixture;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  t = await startSwitchedApp();
  await t.coordination.subscribe((message) => {
    const event = realtimeEventOf(message);
    if (event) events.push(event);
  });
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  tenant = await createTenant(t.app, platform);
}, 60_000);
afterAll(() => t.close());

const pendingChanges = () => pendingSwitchChanges(t, tenant.tenant.id);

const createExtension = async (number: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/extensions', headers: tenant.admin.session.auth, payload: { number } });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; sipPassword: string; domain: string }>();
};
const extension = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/extensions/${id}`, headers: tenant.admin.session.auth })).json<{ registeredAt: string | null }>();

describe('configuration sync', () => {
  it('writes the tenant directory privately and the switch loads it: a phone registers with the generated password', async () => {
    const created = await createExtension('2001');
    const file = path.join(t.confDir, 'directory', `${tenant.tenant.telephonyDomain}.xml`);
    await until(() => readFileSafe(file), (text) => text.includes('id="2001"'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await until(() => pendingChanges(), (count) => count === 0);
    const registered = await until(
      () => t.simulator().control.register({ user: '2001', domain: created.domain, password: created.sipPassword }),
      (result) => result.ok,
    );
    expect(registered.ok).toBe(true);
    const wrong = t.simulator().control.register({ user: '2001', domain: created.domain, password: 'not-the-password' });
    expect(wrong.ok).toBe(false);
  });

  it('writes the ACTIVE default dialplan of the tenant as its own switch context', () => {
    const text = readFileSync(path.join(t.confDir, 'dialplan', `${tenant.tenant.code}_default.xml`), 'utf8');
    expect(text).toContain(`<context name="${tenant.tenant.code}_default">`);
  });
});

describe('registrations', () => {
  it('sets registeredAt and emits EXTENSION_REGISTERED, then clears it on unregister', async () => {
    const created = await createExtension('2002');
    await until(() => pendingChanges(), (count) => count === 0);
    await until(() => t.simulator().control.register({ user: '2002', domain: created.domain, password: created.sipPassword }), (result) => result.ok);
    const registered = await until(() => extension(created.id), (row) => row.registeredAt !== null);
    expect(registered.registeredAt).not.toBeNull();
    expect(events).toContainEqual(expect.objectContaining({ type: 'EXTENSION_REGISTERED', tenantId: tenant.tenant.id, extensionId: created.id, number: '2002' }));

    t.simulator().control.unregister('2002', created.domain);
    const unregistered = await until(() => extension(created.id), (row) => row.registeredAt === null);
    expect(unregistered.registeredAt).toBeNull();
    expect(events).toContainEqual(expect.objectContaining({ type: 'EXTENSION_UNREGISTERED', extensionId: created.id }));
  });
});

describe('introspection and health', () => {
  it('answers ok with the live switch', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: platform.auth }).then((response) => response.json());
    expect(await get('/platform/freeswitch/channels')).toMatchObject({ ok: true, count: expect.any(Number) });
    expect(await get('/platform/freeswitch/profiles')).toMatchObject({ ok: true });
    const nodes = await get('/platform/freeswitch/nodes');
    expect(nodes).toMatchObject({ ok: true, nodes: [expect.objectContaining({ connected: true })] });
    expect(nodes.nodes).toHaveLength(1);
    expect((await get('/platform/health')).components.switch).toEqual({ ok: true });
  });
});

describe('a switch restart', () => {
  it('answers 200 ok false while the switch is down, loses no change, then reconnects and resynchronises', async () => {
    const before = await createExtension('2003');
    await until(() => pendingChanges(), (count) => count === 0);
    await until(() => t.simulator().control.register({ user: '2003', domain: before.domain, password: before.sipPassword }), (result) => result.ok);
    await until(() => extension(before.id), (row) => row.registeredAt !== null);

    await t.stopSwitch();
    await until(() => t.runtime.target.esl.connected, (connected) => !connected);
    const nodes = await t.app.inject({ method: 'GET', url: '/platform/freeswitch/nodes', headers: platform.auth });
    expect(nodes.statusCode).toBe(200);
    expect(nodes.json()).toMatchObject({ ok: false, error: expect.any(String), nodes: [expect.objectContaining({ connected: false })] });
    expect((await t.app.inject({ method: 'GET', url: '/platform/health', headers: platform.auth })).json().components.switch.ok).toBe(false);

    // A change while the switch is away waits in the outbox.
    const during = await createExtension('2004');
    expect(await pendingChanges()).toBeGreaterThan(0);

    await t.restartSwitch();
    await until(() => t.runtime.target.esl.connected, (connected) => connected, 15_000);
    await until(() => pendingChanges(), (count) => count === 0, 15_000);
    // The new switch knows the extension created while it was down…
    const registered = await until(
      () => t.simulator().control.register({ user: '2004', domain: during.domain, password: during.sipPassword }),
      (result) => result.ok,
    );
    expect(registered.ok).toBe(true);
    // …and the reconciliation cleared the registration the old switch had.
    const stale = await until(() => extension(before.id), (row) => row.registeredAt === null, 15_000);
    expect(stale.registeredAt).toBeNull();
  }, 60_000);
});

describe('call center on the switch', () => {
  it('a queue is loaded, and an agent login puts the agent, its contact and its tier into mod_callcenter', async () => {
    const auth = tenant.admin.session.auth;
    const created = await createExtension('2010');
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const agent = (await t.app.inject({ method: 'POST', url: '/agents', headers: auth, payload: { userId: member.id, extensionId: created.id } })).json<{ id: string }>();
    const queue = (await t.app.inject({ method: 'POST', url: '/queues', headers: auth, payload: { name: `support-${Date.now()}` } })).json<{ id: string }>();
    expect((await t.app.inject({ method: 'POST', url: `/queues/${queue.id}/agents`, headers: auth, payload: { agentId: agent.id } })).statusCode).toBeLessThan(300);
    await until(() => pendingChanges(), (count) => count === 0);
    const queues = await t.runtime.target.esl.api('callcenter_config queue list');
    expect(queues).toContain(`q-${queue.id}|round-robin|`);
    // An edited queue reaches the switch through the config sync: file rewritten, then reloaded.
    await t.app.inject({ method: 'PATCH', url: `/queues/${queue.id}`, headers: auth, payload: { strategy: 'RING_ALL' } });
    const edited = await until(() => t.runtime.target.esl.api('callcenter_config queue list'), (text) => text.includes(`q-${queue.id}|ring-all|`));
    expect(edited).toContain(`q-${queue.id}|ring-all|`);

    const agentAuth = member.session.auth;
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: agentAuth })).statusCode).toBe(200);

    const agents = await until(() => t.runtime.target.esl.api(`callcenter_config agent list a-${agent.id}`), (text) => text.includes('Available'));
    expect(agents).toContain(`a-${agent.id}`);
    expect(agents).toContain(`user/2010@${tenant.tenant.telephonyDomain}`);
    expect(agents).toContain('Available');
    const tiers = await t.runtime.target.esl.api('callcenter_config tier list');
    expect(tiers).toContain(`q-${queue.id}|a-${agent.id}`);

    // Pause and resume are what mod_callcenter sees as the agent's status.
    const reason = (await t.app.inject({ method: 'POST', url: '/pause-reasons', headers: auth, payload: { code: `brk${Date.now() % 100000}`, name: 'Break' } })).json<{ id: string }>();
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/pause', headers: agentAuth, payload: { pauseReasonId: reason.id } })).statusCode).toBe(200);
    const paused = await until(() => t.runtime.target.esl.api(`callcenter_config agent get status a-${agent.id}`), (text) => text.trim() === 'On Break');
    expect(paused.trim()).toBe('On Break');
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/resume', headers: agentAuth })).statusCode).toBe(200);
    const resumed = await until(() => t.runtime.target.esl.api(`callcenter_config agent get status a-${agent.id}`), (text) => text.trim() === 'Available');
    expect(resumed.trim()).toBe('Available');

    expect((await t.app.inject({ method: 'POST', url: '/agents/me/logout', headers: agentAuth })).statusCode).toBe(200);
    const after = await until(() => t.runtime.target.esl.api(`callcenter_config agent list a-${agent.id}`), (text) => text.includes('Logged Out'));
    expect(after).toContain('Logged Out');

    // A tier the switch lost (refused while its queue was not loaded yet) comes back with the
    // queue's next sync.
    expect(await t.runtime.target.esl.api(`callcenter_config tier del q-${queue.id} a-${agent.id}`)).toBe('+OK\n');
    await t.app.inject({ method: 'PATCH', url: `/queues/${queue.id}`, headers: auth, payload: { maxWaitTime: 120 } });
    const restored = await until(() => t.runtime.target.esl.api(`callcenter_config queue list tiers q-${queue.id}`), (text) => text.includes(`a-${agent.id}`));
    expect(restored).toContain(`q-${queue.id}|a-${agent.id}|Ready|`);

    // A deleted queue leaves the switch, with its tiers.
    expect((await t.app.inject({ method: 'DELETE', url: `/queues/${queue.id}`, headers: auth })).statusCode).toBe(204);
    const unloaded = await until(() => t.runtime.target.esl.api('callcenter_config queue list'), (text) => !text.includes(`q-${queue.id}`));
    expect(unloaded).not.toContain(`q-${queue.id}`);
    expect(await t.runtime.target.esl.api('callcenter_config tier list')).not.toContain(`q-${queue.id}`);
  });
});

describe('trunks on the switch', () => {
  it('a new trunk becomes a gateway of the switch and its status follows the gateway state events', async () => {
    const auth = tenant.admin.session.auth;
    const created = await t.app.inject({
      method: 'POST',
      url: '/trunks',
      headers: auth,
      payload: { name: `carrier${Date.now() % 100000}`, host: 'sip.carrier.example', username: 'acct', password: 'trunk-secret', register: true },
    });
    expect(created.statusCode).toBe(201);
    const trunk = created.json<{ id: string; name: string }>();
    // The gateway is named by the trunk's id, never by the tenant code (codes may be prefixes of each other).
    const gateway = `gw-${trunk.id}`;
    const file = path.join(t.confDir, 'gateways', `${gateway}.xml`);
    await until(() => readFileSafe(file), (text) => text.includes('trunk-secret'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const status = await until(
      async () => (await t.app.inject({ method: 'GET', url: `/trunks/${trunk.id}`, headers: auth })).json<{ status: string; statusUpdatedAt: string | null }>(),
      (row) => row.status === 'UP',
    );
    // REGISTER and REGED come back to back: applied in order, the trunk ends UP.
    expect(status.status).toBe('UP');
    expect(status.statusUpdatedAt).not.toBeNull();
    expect(JSON.stringify(status)).not.toContain('trunk-secret');

    // A deleted trunk leaves the switch: its file is removed and its gateway is killed.
    expect((await t.app.inject({ method: 'DELETE', url: `/trunks/${trunk.id}`, headers: auth })).statusCode).toBe(204);
    expect(await until(() => readFileSafe(file), (text) => text === '')).toBe('');
    const gone = await until(() => t.runtime.target.esl.api(`sofia status gateway ${gateway}`), (reply) => reply.startsWith('Invalid Gateway'));
    expect(gone).toBe('Invalid Gateway!\n');
  });
});

describe('a provider whose SIP domain is not its proxy', () => {
  it('gets from-domain and the other provider params in its gateway, and a PATCH restarts the gateway with them', async () => {
    const auth = tenant.admin.session.auth;
    const created = await t.app.inject({
      method: 'POST',
      url: '/trunks',
      headers: auth,
      payload: { name: `Vivo SP-${Date.now() % 100000}`, host: 'sbc.vivo.example', realm: 'vivo.example', username: 'acct', password: 'first-secret', register: true },
    });
    expect(created.statusCode).toBe(201);
    const trunk = created.json<{ id: string }>();
    const gateway = `gw-${trunk.id}`;
    const file = path.join(t.confDir, 'gateways', `${gateway}.xml`);
    // The realm set apart from the host is the provider's domain: From is user@domain, not user@proxy.
    await until(() => readFileSafe(file), (text) => text.includes('name="from-domain" value="vivo.example"'));
    const first = await until(() => t.runtime.target.esl.api(`sofia status gateway ${gateway}`), (reply) => reply.includes('State   \tREGED'));
    expect(first).toContain('From    \t<sip:acct@vivo.example>\n');

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/trunks/${trunk.id}`,
      headers: auth,
      payload: { fromUser: '1130031234', fromDomain: 'sip.vivo.example', registerProxy: 'reg.vivo.example', outboundProxy: 'out.vivo.example:5080', expireSeconds: 600, callerIdInFrom: false, password: 'second-secret' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.body).not.toContain('second-secret');
    const text = await until(() => readFileSafe(file), (content) => content.includes('second-secret'));
    for (const [name, value] of [['from-user', '1130031234'], ['from-domain', 'sip.vivo.example'], ['register-proxy', 'reg.vivo.example'], ['outbound-proxy', 'out.vivo.example:5080'], ['expire-seconds', '600'], ['caller-id-in-from', 'false'], ['realm', 'vivo.example'], ['proxy', 'sbc.vivo.example']]) {
      expect(text).toContain(`<param name="${name}" value="${value}"/>`);
    }
    // The running gateway was killed and started again with the new params, as sofia reads them.
    const status = await until(() => t.runtime.target.esl.api(`sofia status gateway ${gateway}`), (reply) => reply.includes('From    \t<sip:1130031234@sip.vivo.example>'));
    expect(status).toContain('Expires \t600\n');
    expect(status).toContain('Proxy   \tsip:sbc.vivo.example\n');
    const simulated = (t.simulator().control.state() as { gateways: { name: string; register: { sentTo: string; from: string }; outboundProxy: string | null }[] }).gateways.find((gw) => gw.name === gateway);
    expect(simulated).toMatchObject({ register: { sentTo: 'sip:reg.vivo.example', from: '<sip:1130031234@sip.vivo.example>' }, outboundProxy: 'sip:out.vivo.example:5080' });
    await until(
      async () => (await t.app.inject({ method: 'GET', url: `/trunks/${trunk.id}`, headers: auth })).json<{ status: string }>(),
      (row) => row.status === 'UP',
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/trunks/${trunk.id}`, headers: auth })).statusCode).toBe(204);
  });
});

describe('IVR prompts on the switch', () => {
  it('copies a menu’s prompt beside the switch configuration and removes the copy with the menu', async () => {
    const own = await createTenant(t.app, platform);
    const auth = own.admin.session.auth;
    expect((await t.app.inject({ method: 'POST', url: '/extensions', headers: auth, payload: { number: '3001' } })).statusCode).toBe(201);
    const menu = await t.app.inject({
      method: 'POST',
      url: '/ivr-menus',
      headers: auth,
      payload: { name: 'Prompted', context: `prompted${Date.now() % 10000}`, greeting: 'Bem-vindo', options: [{ digit: '1', targetExtension: '3001' }] },
    });
    expect(menu.statusCode).toBe(201);
    const { id } = menu.json<{ id: string }>();
    const upload = (wav: Buffer) => {
      const { payload, contentType } = multipartFile(wav, { filename: 'p.wav', type: 'audio/wav' });
      return t.app.inject({ method: 'POST', url: `/ivr-menus/${id}/prompt`, headers: { ...auth, 'content-type': contentType }, payload });
    };
    const wav = tinyWav();
    expect((await upload(wav)).statusCode).toBeLessThan(300);
    const copy = path.join(t.confDir, 'sounds', own.tenant.code, `ivr-${id}.wav`);
    await until(() => readFileSafe(copy).length, (length) => length === wav.length);
    expect(readFileSync(copy).equals(wav)).toBe(true);
    // A replacement is stored under a key of its own (decision 0055); the switch's copy keeps the menu's name.
    const replacement = tinyWav(400);
    expect((await upload(replacement)).statusCode).toBeLessThan(300);
    await until(() => readFileSafe(copy).length, (length) => length === replacement.length);
    expect(readFileSync(copy).equals(replacement)).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/ivr-menus/${id}`, headers: auth })).statusCode).toBe(204);
    const gone = await until(() => readFileSafe(copy), (text) => text === '');
    expect(gone).toBe('');
  });
});
