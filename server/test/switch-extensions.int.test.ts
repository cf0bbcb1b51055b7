// Extensions and their phones on the switch simulator: a refused REGISTER reaches the extension and
// the console live, a restarted phone is let in, an agent sees whether its phone is registered, the
// codecs reach the directory, and *8 picks up only a call of the picker's own call group.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { realtimeEventOf, type RealtimeEvent } from '../src/platform/realtime/events.ts';
import { createMember, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, phoneLegs, startSwitchedApp, switchChannels, type SwitchedApp, until } from './switch.ts';
import { markSwitchConfigChanged } from '../src/platform/switch/config-outbox.ts';
import { sealedTestPassword } from './env.ts';

let t: SwitchedApp;
let tenant: TenantFixture;
let auth: Session['auth'];
let platform: Session;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  t = await startSwitchedApp();
  await t.coordination.subscribe((message) => {
    const event = realtimeEventOf(message);
    if (event) events.push(event);
  });
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  await freshTenant();
}, 60_000);

/** A tenant of its own (the plan allows a few extensions). */
async function freshTenant(): Promise<void> {
  tenant = await createTenant(t.app, platform);
  auth = tenant.admin.session.auth;
}
afterAll(() => t.close());
afterEach(async () => {
  await esl('hupall NORMAL_CLEARING');
  await until(channels, (rows) => rows.length === 0);
});


const esl = (command: string) => t.runtime.target.esl.api(command);
const domain = () => tenant.tenant.telephonyDomain;

const channels = () => switchChannels(t);

const legsOf = (extension: string) => phoneLegs(t, extension, domain());

async function settled(): Promise<void> {
  expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0)).toBe(0);
}

interface Created {
  id: string;
  domain: string;
  sipPassword: string;
}

async function createExtension(number: string, body: Record<string, unknown> = {}): Promise<Created> {
  const response = await t.app.inject({ method: 'POST', url: '/extensions', headers: auth, payload: { number, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  await settled();
  return response.json<Created>();
}

const getExtension = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/extensions/${id}`, headers: auth })).json<{
    registeredAt: string | null;
    lastRegistrationFailureAt: string | null;
    lastRegistrationFailureIp: string | null;
    maxRegistrations: number;
  }>();

async function phone(number: string, callGroup?: string): Promise<Created> {
  const created = await createExtension(number, callGroup ? { callGroup } : {});
  expect(t.simulator().control.register({ user: number, domain: created.domain, password: created.sipPassword }).ok).toBe(true);
  return created;
}

/** A call the extension's phone places: what mod_sofia sets on an authenticated INVITE comes from the directory user. */
function dialFrom(extension: string, destination: string): string {
  const user = t.simulator().model.config.users.get(`${extension}@${domain()}`);
  expect(user, `directory user ${extension}`).toBeDefined();
  const vars = Object.fromEntries(user!.variables);
  return t.simulator().control.inbound({
    did: destination,
    callerIdNumber: extension,
    profile: 'internal',
    context: vars.user_context,
    vars: { ...vars, domain_name: domain() },
  });
}

describe('failed registrations', () => {
  it('a REGISTER with a wrong password sets the extension’s last failure and its IP, live', async () => {
    const created = await createExtension('6001');
    expect((await getExtension(created.id)).lastRegistrationFailureAt).toBeNull();
    const refused = t.simulator().control.register({ user: '6001', domain: created.domain, password: 'wrong', networkIp: '192.0.2.44' });
    expect(refused).toEqual({ ok: false, error: 'FORBIDDEN' });
    const failed = await until(() => getExtension(created.id), (row) => row.lastRegistrationFailureAt !== null);
    expect(failed.lastRegistrationFailureIp).toBe('192.0.2.44');
    expect(failed.registeredAt).toBeNull();
    const event = await until(
      () => events.find((item) => item.type === 'EXTENSION_REGISTRATION_FAILED' && item.extensionId === created.id),
      (found) => found !== undefined,
    );
    expect(event).toMatchObject({ tenantId: tenant.tenant.id, number: '6001', networkIp: '192.0.2.44', failedAt: failed.lastRegistrationFailureAt });
  });

  it('a failure for a number the tenant does not have changes nothing', async () => {
    const before = events.length;
    expect(t.simulator().control.register({ user: '6999', domain: domain(), password: 'x' }).ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.slice(before).filter((item) => item.type === 'EXTENSION_REGISTRATION_FAILED')).toEqual([]);
  });
});

describe('max registrations', () => {
  it('lets a restarted phone in while its old binding lives (default 3), and refuses a fourth phone', async () => {
    const created = await createExtension('6010');
    expect((await getExtension(created.id)).maxRegistrations).toBe(3);
    const register = (callId: string) => t.simulator().control.register({ user: '6010', domain: created.domain, password: created.sipPassword, callId });
    expect(register('desk-phone').ok).toBe(true);
    expect(register('desk-phone-after-restart').ok).toBe(true);
    expect(register('softphone').ok).toBe(true);
    expect(register('fourth')).toEqual({ ok: false, error: 'FORBIDDEN' });
    const failed = await until(() => getExtension(created.id), (row) => row.lastRegistrationFailureAt !== null);
    expect(failed.registeredAt).not.toBeNull();
  });
});

describe('the agent’s phone', () => {
  it('says whether the agent’s phone is registered', async () => {
    const created = await createExtension('6020');
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const agent = await t.app.inject({ method: 'POST', url: '/agents', headers: auth, payload: { userId: member.id, extensionId: created.id } });
    expect(agent.statusCode, agent.body).toBe(201);
    const me = () => t.app.inject({ method: 'GET', url: '/agents/me', headers: member.session.auth }).then((response) => response.json<{ phoneRegistered: boolean }>());
    expect((await me()).phoneRegistered).toBe(false);
    expect(agent.json<{ phoneRegistered: boolean }>().phoneRegistered).toBe(false);
    expect(t.simulator().control.register({ user: '6020', domain: created.domain, password: created.sipPassword }).ok).toBe(true);
    expect((await until(me, (row) => row.phoneRegistered)).phoneRegistered).toBe(true);
    t.simulator().control.unregister('6020', created.domain);
    expect((await until(me, (row) => !row.phoneRegistered)).phoneRegistered).toBe(false);
  });
});

describe('codecs', () => {
  it('reach the switch as the user’s absolute_codec_string, in order, and follow an edit', async () => {
    const created = await createExtension('6030', { codecs: ['G722', 'PCMU'] });
    const codecs = () => new Map(t.simulator().model.config.users.get(`6030@${created.domain}`)?.variables ?? []).get('absolute_codec_string');
    expect(codecs()).toBe('G722,PCMU');
    expect((await t.app.inject({ method: 'PATCH', url: `/extensions/${created.id}`, headers: auth, payload: { codecs: ['OPUS', 'PCMA'] } })).statusCode).toBe(200);
    expect(await until(codecs, (value) => value === 'OPUS,PCMA')).toBe('OPUS,PCMA');
  });
});

describe('*8 pickup', () => {
  beforeEach(freshTenant);

  it('never picks up the ringing call of another extension without a call group', async () => {
    await phone('6101');
    await phone('6102');
    await phone('6103');
    dialFrom('6101', '6102');
    await until(() => legsOf('6102'), (legs) => legs[0]?.callstate === 'RINGING');
    const picker = dialFrom('6103', '*8');
    // The pickup finds nothing of its own key: the *8 call ends, 6102 keeps ringing.
    await until(channels, (rows) => !rows.some((row) => row.uuid === picker));
    const legs = await legsOf('6102');
    expect(legs.map((leg) => leg.callstate)).toEqual(['RINGING']);
  });

  it('picks up a ringing call of the same call group, and the callee’s phone stops ringing', async () => {
    await phone('6111', undefined);
    await phone('6112', 'vendas');
    await phone('6113', 'vendas');
    const caller = dialFrom('6111', '6112');
    await until(() => legsOf('6112'), (legs) => legs[0]?.callstate === 'RINGING');
    const picker = dialFrom('6113', '*8');
    const rows = await until(channels, (found) => found.find((row) => row.uuid === caller)?.callstate === 'ACTIVE');
    expect(rows.find((row) => row.uuid === picker)?.callstate).toBe('ACTIVE');
    expect(await until(() => legsOf('6112'), (legs) => legs.length === 0)).toEqual([]);
  });
});

describe('one tenant’s unwritable configuration', () => {
  it('does not hold back another tenant’s: its change stays pending and is written once fixed', async () => {
    await freshTenant();
    const broken = tenant;
    // A sealed password the platform cannot open (a damaged row): the tenant's directory cannot be written.
    const row = await t.db.withTenant(broken.tenant.id, async (tx) => {
      const inserted = await tx.insertInto('extensions').values({ tenantId: broken.tenant.id, number: '6201', sipPasswordSealed: 'not-a-sealed-secret' }).returning('id').executeTakeFirstOrThrow();
      await markSwitchConfigChanged(tx, broken.tenant.id, 'directory');
      return inserted;
    });
    await freshTenant();
    const created = await phone('6202');
    expect(created.domain).toBe(domain());
    expect(await pendingSwitchChanges(t, broken.tenant.id)).toBeGreaterThan(0);
    expect(t.simulator().model.config.users.has(`6201@${broken.tenant.telephonyDomain}`)).toBe(false);

    await t.db.withTenant(broken.tenant.id, (tx) => tx.updateTable('extensions').set({ sipPasswordSealed: sealedTestPassword() }).where('id', '=', row.id).execute());
    expect(await until(() => pendingSwitchChanges(t, broken.tenant.id), (count) => count === 0)).toBe(0);
    expect(await until(() => t.simulator().model.config.users.has(`6201@${broken.tenant.telephonyDomain}`), Boolean)).toBe(true);
  });
});
