// Tenants side by side on the switch simulator: one tenant's change never touches another's
// objects (even when one code is a prefix of the other), and a suspended tenant leaves the switch
// at once (files, gateways, queues, calls, registrations) and comes back whole when reactivated.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyWav } from '../src/modules/ivr-menus/wav.test-support.ts';
import { assignNumbers, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, readFileSafe, startSwitchedApp, until, type SwitchedApp } from './switch.ts';

let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
}, 60_000);
afterAll(() => t.close());

const esl = (command: string) => t.runtime.target.esl.api(command);
const conf = (...parts: string[]) => path.join(t.confDir, ...parts);

async function post<T>(tenant: TenantFixture, url: string, payload: unknown): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: tenant.admin.session.auth, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function settled(tenant: TenantFixture): Promise<void> {
  expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0, 15_000)).toBe(0);
}

/** The gateway's registration state in `sofia status gateway <name>`, or null when the switch has no such gateway. */
async function gatewayState(name: string): Promise<string | null> {
  const reply = await esl(`sofia status gateway ${name}`);
  return reply.startsWith('Invalid Gateway') ? null : (/^State\s+(\S+)$/m.exec(reply)?.[1] ?? '');
}

const createTrunk = (tenant: TenantFixture, name: string) =>
  post<{ id: string }>(tenant, '/trunks', { name, host: 'sip.carrier.example', username: 'acct', password: 'trunk-secret', register: true });

/** What an older version of the platform left for a trunk: the same gateway, named <code>-<trunk name>. */
function writeLegacyGateway(trunkId: string, legacyName: string): void {
  const xml = readFileSync(conf('gateways', `gw-${trunkId}.xml`), 'utf8').replace(`name="gw-${trunkId}"`, `name="${legacyName}"`);
  writeFileSync(conf('gateways', `${legacyName}.xml`), xml, { mode: 0o600 });
}

describe('tenants whose codes are prefixes of each other', () => {
  it('deleting one tenant’s trunk leaves the other tenant’s gateway file and its gateway up', async () => {
    const code = `acme${randomUUID().slice(0, 6)}`;
    const acme = await createTenant(t.app, platform, { code });
    const acmeX = await createTenant(t.app, platform, { code: `${code}-x` });
    const acmeTrunk = await createTrunk(acme, 'main');
    const acmeXTrunk = await createTrunk(acmeX, 'main');
    await settled(acme);
    await settled(acmeX);
    expect(await until(() => gatewayState(`gw-${acmeTrunk.id}`), (state) => state === 'REGED')).toBe('REGED');
    expect(await until(() => gatewayState(`gw-${acmeXTrunk.id}`), (state) => state === 'REGED')).toBe('REGED');
    // The gateway state events reach the right trunk of the right tenant.
    const trunkStatus = async (tenant: TenantFixture, id: string) =>
      (await t.app.inject({ method: 'GET', url: `/trunks/${id}`, headers: tenant.admin.session.auth })).json<{ status: string }>().status;
    expect(await until(() => trunkStatus(acmeX, acmeXTrunk.id), (status) => status === 'UP')).toBe('UP');
    expect(await until(() => trunkStatus(acme, acmeTrunk.id), (status) => status === 'UP')).toBe('UP');

    // An existing deployment: both trunks also have their gateway under the old name, live on the switch.
    writeLegacyGateway(acmeTrunk.id, `${code}-main`);
    writeLegacyGateway(acmeXTrunk.id, `${code}-x-main`);
    await esl('reloadxml');
    await esl('sofia profile external rescan');
    expect(await until(() => gatewayState(`${code}-x-main`), (state) => state === 'REGED')).toBe('REGED');

    // acme deletes its trunk: its own gateways go (by id and by its old name)…
    expect((await t.app.inject({ method: 'DELETE', url: `/trunks/${acmeTrunk.id}`, headers: acme.admin.session.auth })).statusCode).toBe(204);
    await settled(acme);
    expect(await until(() => gatewayState(`gw-${acmeTrunk.id}`), (state) => state === null)).toBeNull();
    expect(await until(() => gatewayState(`${code}-main`), (state) => state === null)).toBeNull();
    expect(readFileSafe(conf('gateways', `gw-${acmeTrunk.id}.xml`))).toBe('');
    expect(readFileSafe(conf('gateways', `${code}-main.xml`))).toBe('');
    // …and nothing of acme-x's, whose names begin with "<acme's code>-".
    expect(readFileSafe(conf('gateways', `gw-${acmeXTrunk.id}.xml`))).toContain('trunk-secret');
    expect(readFileSafe(conf('gateways', `${code}-x-main.xml`))).toContain('trunk-secret');
    expect(await gatewayState(`gw-${acmeXTrunk.id}`)).toBe('REGED');
    expect(await gatewayState(`${code}-x-main`)).toBe('REGED');
    expect(await trunkStatus(acmeX, acmeXTrunk.id)).toBe('UP');
    expect(readFileSafe(conf('dialplan', `${code}-x_default.xml`))).toContain(`<context name="${code}-x_default">`);

    // The next full sync (here after a switch restart) removes acme-x's old-named gateway, its own.
    await t.stopSwitch();
    await until(() => t.runtime.target.esl.connected, (connected) => !connected);
    await t.restartSwitch();
    await until(() => t.runtime.target.esl.connected, (connected) => connected, 15_000);
    await t.runtime.configSync.settled();
    expect(await until(() => readFileSafe(conf('gateways', `${code}-x-main.xml`)), (text) => text === '', 15_000)).toBe('');
    expect(await until(() => gatewayState(`${code}-x-main`), (state) => state === null)).toBeNull();
    expect(await until(() => gatewayState(`gw-${acmeXTrunk.id}`), (state) => state === 'REGED')).toBe('REGED');
  }, 60_000);
});

describe('a suspended tenant', () => {
  it('leaves the switch at once, and comes back whole when reactivated', async () => {
    const tenant = await createTenant(t.app, platform);
    const { code, telephonyDomain: domain, id: tenantId } = tenant.tenant;
    const phone = await post<{ id: string; sipPassword: string }>(tenant, '/extensions', { number: '5001' });
    const trunk = await createTrunk(tenant, 'main');
    const queue = await post<{ id: string }>(tenant, '/queues', { name: 'support' });
    const menu = await post<{ id: string; context: string }>(tenant, '/ivr-menus', { name: 'Menu', context: 'menu', greeting: 'Hi', options: [{ digit: '1', targetExtension: '5001' }] });
    const boundary = 'suspension-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: `/ivr-menus/${menu.id}/prompt`,
      headers: { ...tenant.admin.session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
        tinyWav(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBeLessThan(300);
    const did = `55113005${String(Date.now() % 10000).padStart(4, '0')}`;
    await assignNumbers(t.app, platform, tenant.tenant.id, did);
    await post(tenant, '/inbound-routes', { didNumber: did, destinationType: 'EXTENSION', destinationNumber: '5001' });
    await settled(tenant);

    const files = [
      conf('directory', `${domain}.xml`),
      conf('dialplan', `${code}_default.xml`),
      conf('dialplan', `${code}_${menu.context}.xml`),
      conf('dialplan', 'public', `${code}.xml`),
      conf('gateways', `gw-${trunk.id}.xml`),
      conf('callcenter', `q-${queue.id}.xml`),
      conf('sounds', code, `ivr-${menu.id}.wav`),
    ];
    for (const file of files) expect(readFileSafe(file), file).not.toBe('');
    const register = () => t.simulator().control.register({ user: '5001', domain, password: phone.sipPassword });
    expect((await until(register, (result) => result.ok)).ok).toBe(true);
    expect(await until(() => gatewayState(`gw-${trunk.id}`), (state) => state === 'REGED')).toBe('REGED');
    expect(await esl('callcenter_config queue list')).toContain(`q-${queue.id}|`);
    const registeredAt = () => t.db.withTenant(tenantId, (tx) => tx.selectFrom('extensions').select('registeredAt').where('id', '=', phone.id).executeTakeFirstOrThrow());
    await until(registeredAt, (row) => row.registeredAt !== null);

    // A live call on the tenant's DID, answered by its phone.
    const call = t.simulator().control.inbound({ did, callerIdNumber: '5511987650000' });
    await until(() => esl(`uuid_getvar ${call} svc_tenant_id`), (value) => value.trim() === tenantId);
    expect(await until(() => t.simulator().control.answer(call, '5001'), (answered) => answered)).toBe(true);

    const patch = (status: string) => t.app.inject({ method: 'PATCH', url: `/tenants/${tenantId}`, headers: platform.auth, payload: { status } });
    expect((await patch('SUSPENDED')).statusCode).toBe(200);
    await settled(tenant);

    for (const file of files) expect(readFileSafe(file), file).toBe('');
    expect(await gatewayState(`gw-${trunk.id}`)).toBeNull();
    expect(await esl('callcenter_config queue list')).not.toContain(`q-${queue.id}`);
    // The call is over, the phone is unregistered and cannot register again, nothing reaches it.
    expect((await until(() => esl(`uuid_exists ${call}`), (reply) => reply.trim() === 'false')).trim()).toBe('false');
    expect(await esl('sofia status profile internal reg')).not.toContain(`5001@${domain}`);
    expect((await until(registeredAt, (row) => row.registeredAt === null)).registeredAt).toBeNull();
    expect(register().ok).toBe(false);
    // No user of that domain is left in the directory (what FreeSWITCH answers for an unknown user).
    await expect(esl(`originate user/5001@${domain} &park`)).rejects.toThrow(/SUBSCRIBER_ABSENT/);
    const causes = new Map<string, string>();
    const stop = t.simulator().model.bus.subscribe((event) => {
      if (event.name === 'CHANNEL_HANGUP_COMPLETE') causes.set(event.get('Unique-ID') ?? '', event.get('Hangup-Cause') ?? '');
    });
    try {
      const refused = t.simulator().control.inbound({ did, callerIdNumber: '5511987650000' });
      expect(await until(() => causes.get(refused), (cause) => cause !== undefined)).toBe('NO_ROUTE_DESTINATION');
    } finally {
      stop();
    }

    expect((await patch('ACTIVE')).statusCode).toBe(200);
    await settled(tenant);
    for (const file of files) expect(readFileSafe(file), file).not.toBe('');
    expect(await until(() => gatewayState(`gw-${trunk.id}`), (state) => state === 'REGED')).toBe('REGED');
    expect(await esl('callcenter_config queue list')).toContain(`q-${queue.id}|`);
    expect(register().ok).toBe(true);
    const again = t.simulator().control.inbound({ did, callerIdNumber: '5511987650000' });
    const rung = await until(
      async () => (JSON.parse(await esl('show channels as json')) as { rows?: { presence_id: string }[] }).rows ?? [],
      (rows) => rows.some((row) => row.presence_id === `5001@${domain}`),
    );
    expect(rung.some((row) => row.presence_id === `5001@${domain}`)).toBe(true);
    await esl(`uuid_kill ${again}`);
  }, 60_000);
});

describe('a tenant suspended while the switch is away', () => {
  it('is removed when the switch comes back, and its extensions are no longer registered', async () => {
    const tenant = await createTenant(t.app, platform);
    const { telephonyDomain: domain, id: tenantId } = tenant.tenant;
    const phone = await post<{ id: string; sipPassword: string }>(tenant, '/extensions', { number: '5101' });
    await settled(tenant);
    const register = () => t.simulator().control.register({ user: '5101', domain, password: phone.sipPassword });
    expect((await until(register, (result) => result.ok)).ok).toBe(true);
    const registeredAt = () => t.db.withTenant(tenantId, (tx) => tx.selectFrom('extensions').select('registeredAt').where('id', '=', phone.id).executeTakeFirstOrThrow());
    await until(registeredAt, (row) => row.registeredAt !== null);

    await t.stopSwitch();
    await until(() => t.runtime.target.esl.connected, (connected) => !connected);
    expect((await t.app.inject({ method: 'PATCH', url: `/tenants/${tenantId}`, headers: platform.auth, payload: { status: 'SUSPENDED' } })).statusCode).toBe(200);
    expect(await pendingSwitchChanges(t, tenantId)).toBeGreaterThan(0);
    await t.restartSwitch();
    await until(() => t.runtime.target.esl.connected, (connected) => connected, 15_000);
    await settled(tenant);

    expect(readFileSafe(conf('directory', `${domain}.xml`))).toBe('');
    expect(register().ok).toBe(false);
    // The restarted switch never had the registration, so no expire comes: the reconciliation clears it.
    expect((await until(registeredAt, (row) => row.registeredAt === null, 15_000)).registeredAt).toBeNull();
  }, 60_000);
});
