// Registrations (directory check, expiry), gateways (gateway_state, sofia status, rescan/killgw),
// reloadxml (success, malformed XML keeps the previous configuration), and the control HTTP API.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventHeader as h } from './esl-client.ts';
import { harness, scratchConf, until, type Harness } from './helpers.ts';

let t: Harness | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const subclass = (name: string) => (e: { headers: Array<[string, string]> }) => h(e as never, 'Event-Subclass') === name;

describe('registrations', () => {
  it('registers against the directory, rejects a wrong password, expires', async () => {
    t = await harness({ speed: 50, events: 'plain CUSTOM sofia::pre_register sofia::register_attempt sofia::register sofia::register_failure sofia::expire sofia::unregister' });
    const { sim, client } = t;
    expect(sim.control.register({ user: '1000', domain: 'acme.pbx.localhost', password: 'bad' })).toEqual({ ok: false, error: 'FORBIDDEN' });
    const attempt = await client.waitEvent(subclass('sofia::register_attempt'));
    expect(h(attempt, 'auth-result')).toBe('FORBIDDEN');
    const failure = await client.waitEvent(subclass('sofia::register_failure'));
    expect(h(failure, 'registration-type')).toBe('REGISTER');
    expect(sim.control.register({ user: '9999', domain: 'acme.pbx.localhost', password: 'x' })).toEqual({ ok: false, error: 'USER_NOT_FOUND' });

    // 30 s at speed 50 is 0.6 s of real time: long enough to read the lists on a busy machine.
    const ok = sim.control.register({ user: '1000', domain: 'acme.pbx.localhost', password: 'secret', expires: 30 });
    expect(ok).toMatchObject({ ok: true, expires: 30 });
    const reg = await client.waitEvent(subclass('sofia::register'));
    expect(h(reg, 'from-host')).toBe('acme.pbx.localhost');
    expect(h(reg, 'expires')).toBe('30');
    expect(h(reg, 'effective_caller_id_name')).toBe('Alice');
    expect(h(reg, 'user_context')).toBe('acme');
    const list = await client.api('sofia status profile internal reg');
    expect(list).toContain('User:       \t1000@acme.pbx.localhost\n');
    expect(list).toContain('Total items returned: 1\n');
    expect(JSON.parse(await client.api('show registrations as json'))).toMatchObject({ row_count: 1, rows: [{ reg_user: '1000', realm: 'acme.pbx.localhost' }] });
    const expired = await client.waitEvent(subclass('sofia::expire'), 3000);
    expect([h(expired, 'user'), h(expired, 'host')]).toEqual(['1000', 'acme.pbx.localhost']);
    expect(await client.api('show registrations as json')).toBe('{"row_count": 0}\n');
    expect(await client.api('originate user/1000@acme.pbx.localhost &park')).toBe('-ERR USER_NOT_REGISTERED\n');
  });
});

describe('max-registrations-per-extension', () => {
  it('keeps one binding per Call-ID and refuses one beyond the limit with 403 and sofia::register_failure, even with the right password', async () => {
    const conf = scratchConf();
    t = await harness({ speed: 50, confDir: conf, events: 'plain CUSTOM sofia::register sofia::register_failure' });
    const { sim, client } = t;
    writeFileSync(
      join(conf, 'directory', 'beta.xml'),
      '<include><domain name="beta.pbx.localhost"><users><user id="2000"><params><param name="password" value="pw"/><param name="max-registrations-per-extension" value="2"/></params></user></users></domain></include>',
    );
    expect(await client.api('reloadxml')).toBe('+OK [Success]\n');
    const register = (callId: string, expires?: number) => sim.control.register({ user: '2000', domain: 'beta.pbx.localhost', password: 'pw', callId, expires });
    const bindings = async () => (JSON.parse(await client.api('show registrations as json')) as { rows?: { token: string }[] }).rows?.map((row) => row.token).sort() ?? [];

    expect(register('phone-a').ok).toBe(true);
    // The same phone refreshing its binding is not a new one.
    expect(register('phone-a').ok).toBe(true);
    // The phone restarted: a new Call-ID while the old binding has not expired.
    expect(register('phone-a-after-restart').ok).toBe(true);
    expect(await bindings()).toEqual(['phone-a', 'phone-a-after-restart']);
    expect(register('phone-b')).toEqual({ ok: false, error: 'FORBIDDEN' });
    const failure = await client.waitEvent(subclass('sofia::register_failure'));
    expect([h(failure, 'to-user'), h(failure, 'to-host'), h(failure, 'registration-type')]).toEqual(['2000', 'beta.pbx.localhost', 'REGISTER']);
    expect(await bindings()).toEqual(['phone-a', 'phone-a-after-restart']);
    // An un-REGISTER is never counted, and frees a place.
    expect(register('phone-a', 0).ok).toBe(true);
    expect(register('phone-b').ok).toBe(true);
    expect(await bindings()).toEqual(['phone-a-after-restart', 'phone-b']);
  });
});

describe('flush_inbound_reg', () => {
  it('drops the registrations of one domain (or one user, or all) with sofia::expire, as mod_sofia does', async () => {
    const conf = scratchConf();
    t = await harness({ speed: 50, confDir: conf, events: 'plain CUSTOM sofia::expire' });
    const { sim, client } = t;
    writeFileSync(
      join(conf, 'directory', 'beta.xml'),
      '<include><domain name="beta.pbx.localhost"><users><user id="2000"><params><param name="password" value="pw"/></params></user></users></domain></include>',
    );
    expect(await client.api('reloadxml')).toBe('+OK [Success]\n');
    const registerAll = () => {
      for (const user of ['1000', '1001']) expect(sim.control.register({ user, domain: 'acme.pbx.localhost', password: 'secret' }).ok).toBe(true);
      expect(sim.control.register({ user: '2000', domain: 'beta.pbx.localhost', password: 'pw' }).ok).toBe(true);
    };
    const registered = async () => (JSON.parse(await client.api('show registrations as json')) as { rows?: { reg_user: string; realm: string }[] }).rows?.map((row) => `${row.reg_user}@${row.realm}`).sort() ?? [];
    registerAll();

    expect(await client.api('sofia profile internal flush_inbound_reg @acme.pbx.localhost')).toBe('+OK flushing all registrations matching specified call_id\n');
    const expired = await client.waitEvent(subclass('sofia::expire'));
    expect(h(expired, 'host')).toBe('acme.pbx.localhost');
    expect(await registered()).toEqual(['2000@beta.pbx.localhost']);

    registerAll();
    expect(await client.api('sofia profile internal flush_inbound_reg 1001@acme.pbx.localhost reboot')).toBe('+OK rebooting all registrations matching specified call_id\n');
    expect(await registered()).toEqual(['1000@acme.pbx.localhost', '2000@beta.pbx.localhost']);
    // A user of another domain is not a match.
    await client.api('sofia profile internal flush_inbound_reg 2000@acme.pbx.localhost');
    expect(await registered()).toEqual(['1000@acme.pbx.localhost', '2000@beta.pbx.localhost']);

    expect(await client.api('sofia profile external flush_inbound_reg')).toBe('+OK flushing all registrations\n');
    expect(await registered()).toEqual(['1000@acme.pbx.localhost', '2000@beta.pbx.localhost']);
    expect(await client.api('sofia profile internal flush_inbound_reg')).toBe('+OK flushing all registrations\n');
    expect(await registered()).toEqual([]);
  });
});

describe('gateways', () => {
  it('registers gateways, reports them, and reloads them with rescan/killgw', async () => {
    const conf = scratchConf();
    writeFileSync(join(conf, 'gateways', 'broken.xml'), '<include><gateway name="broken"><param name="proxy" value="192.0.2.9"/><param name="username" value="u"/><param name="password" value="p"/><param name="sim-register" value="fail"/></gateway></include>');
    t = await harness({ speed: 50, confDir: conf, events: 'plain CUSTOM sofia::gateway_state' });
    const { client } = t;
    expect(await client.api('sofia status gateway carrier')).toContain('State   \tREGED\n');
    expect(await client.api('sofia status gateway broken')).toContain('State   \tFAIL_WAIT\n');
    expect(await client.api('sofia status gateway nope')).toBe('Invalid Gateway!\n');
    const table = await client.api('sofia status');
    expect(table).toMatch(/external::carrier\tgateway\t +sip:acme@sip\.carrier\.example\tREGED\n/);
    expect(table).toMatch(/external::peering\tgateway\t .*\tNOREG\n/);
    expect(table.endsWith('2 profiles 0 aliases\n')).toBe(true);
    expect(await client.api('originate sofia/gateway/broken/123 &park')).toBe('-ERR GATEWAY_DOWN\n');

    expect(await client.api('sofia profile external killgw carrier')).toBe('+OK gateway marked for deletion.\n');
    expect(await client.api('sofia status gateway carrier')).toBe('Invalid Gateway!\n');
    expect(await client.api('sofia profile external rescan')).toBe('+OK scan complete\n');
    await until(() => client.events().some((e) => h(e, 'State') === 'REGED'));
    const states = client.events().filter((e) => h(e, 'Gateway') === 'carrier').map((e) => [h(e, 'State'), h(e, 'Ping-Status'), h(e, 'Status') ?? '']);
    expect(states).toEqual([
      ['TRYING', 'DOWN', ''],
      ['REGISTER', 'UP', '200'],
      ['REGED', 'UP', ''],
    ]);

    // A provider whose SIP domain is not its proxy: From carries from-user@from-domain, and sofia
    // leaves out a registering gateway without a password (it never exists).
    writeFileSync(
      join(conf, 'gateways', 'provider.xml'),
      '<include><gateway name="provider"><params><param name="realm" value="vivo.example"/><param name="proxy" value="sbc.vivo.example"/>' +
        '<param name="from-domain" value="vivo.example"/><param name="from-user" value="1130031234"/><param name="register-proxy" value="reg.vivo.example"/>' +
        '<param name="expire-seconds" value="600"/><param name="username" value="acct"/><param name="password" value="pw"/></params></gateway>' +
        '<gateway name="nopass"><param name="proxy" value="x.example"/><param name="username" value="u"/></gateway></include>',
    );
    expect(await client.api('reloadxml')).toBe('+OK [Success]\n');
    await client.api('sofia profile external rescan');
    const provider = await client.api('sofia status gateway provider');
    expect(provider).toContain('Realm   \tvivo.example\n');
    expect(provider).toContain('From    \t<sip:1130031234@vivo.example>\n');
    expect(provider).toContain('To      \tsip:acct@sbc.vivo.example\n');
    expect(provider).toContain('Proxy   \tsip:sbc.vivo.example\n');
    expect(provider).toContain('Expires \t600\nFreq    \t600\n');
    expect(await client.api('sofia status gateway nopass')).toBe('Invalid Gateway!\n');

    writeFileSync(join(conf, 'gateways', 'new.xml'), '<include><gateway name="newgw"><param name="register" value="false"/></gateway></include>');
    expect(await client.api('reloadxml')).toBe('+OK [Success]\n');
    expect(await client.api('sofia status gateway newgw')).toBe('Invalid Gateway!\n');
    await client.api('sofia profile external rescan');
    expect(await client.api('sofia status gateway newgw')).toContain('State   \tNOREG\n');
  });
});

describe('reloadxml', () => {
  it('loads new configuration, and keeps the previous one when a file is malformed', async () => {
    const conf = scratchConf();
    t = await harness({ speed: 50, confDir: conf });
    const { sim, client } = t;
    const user = (id: string) => `<include><domain name="beta.pbx.localhost"><users><user id="${id}"><params><param name="password" value="pw"/></params></user></users></domain></include>`;
    writeFileSync(join(conf, 'directory', 'beta.xml'), user('2000'));
    expect(sim.control.register({ user: '2000', domain: 'beta.pbx.localhost', password: 'pw' }).ok).toBe(false);
    expect(await client.api('reloadxml')).toBe('+OK [Success]\n');
    expect(sim.control.register({ user: '2000', domain: 'beta.pbx.localhost', password: 'pw' }).ok).toBe(true);

    writeFileSync(join(conf, 'directory', 'beta.xml'), user('2001'));
    writeFileSync(join(conf, 'dialplan', 'broken.xml'), '<include>\n  <context name="public">\n    <extension name="x">\n  </context>\n</include>\n');
    expect(await client.api('reloadxml')).toBe('+OK [[error near line 4]: unexpected closing tag </context>]\n');
    expect(sim.control.register({ user: '2001', domain: 'beta.pbx.localhost', password: 'pw' }).ok).toBe(false);
    expect(sim.control.register({ user: '2000', domain: 'beta.pbx.localhost', password: 'pw' }).ok).toBe(true);

    writeFileSync(join(conf, 'dialplan', 'broken.xml'), '<include><context name="public"><extension name="x">');
    expect(await client.api('reloadxml')).toBe('+OK [[error near line 1]: unclosed tag <extension>]\n');
    writeFileSync(join(conf, 'dialplan', 'broken.xml'), '<include/>');
    expect(await client.api('reloadxml')).toBe('+OK [Success]\n');
    writeFileSync(
      join(conf, 'callcenter', 'more.xml'),
      '<configuration name="callcenter.conf"><queues><queue name="new@beta"><param name="strategy" value="top-down"/></queue></queues><agents><agent name="z@beta" type="callback" contact="null/z" status="Available"/></agents><tiers><tier agent="z@beta" queue="new@beta" level="1" position="1"/></tiers></configuration>',
    );
    expect(await client.api('reload mod_callcenter')).toBe('+OK Reloading XML\n+OK module unloaded\n+OK module loaded\n');
    expect(await client.api('callcenter_config queue list tiers new@beta')).toBe('queue|agent|state|level|position\nnew@beta|z@beta|Ready|1|1\n+OK\n');
    expect(await client.api('callcenter_config agent get status z@beta')).toBe('Available');
    expect(sim.control.register({ user: '2001', domain: 'beta.pbx.localhost', password: 'pw' }).ok).toBe(true);
  });
});

describe('control HTTP API', () => {
  it('registers phones, starts inbound calls, answers, sends digits, hangs up, shows state', async () => {
    t = await harness({ speed: 50, events: 'plain CHANNEL_ANSWER CHANNEL_HANGUP_COMPLETE DTMF' });
    const { sim, client } = t;
    const post = async (path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
      const res = await fetch(`${sim.controlUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${sim.controlToken}` }, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    expect((await post('/phones/register', { user: '1000', domain: 'acme.pbx.localhost', password: 'secret' })).json.ok).toBe(true);
    expect((await post('/phones/register', { user: '1000', domain: 'acme.pbx.localhost', password: 'nope' })).status).toBe(403);
    const call = await post('/calls/inbound', { did: '15550003000', callerIdNumber: '+14155550100' });
    const uuid = call.json.uuid as string;
    await client.waitEvent((e) => h(e, 'Event-Name') === 'CHANNEL_ANSWER' && h(e, 'Unique-ID') === uuid);
    expect((await post(`/calls/${uuid}/dtmf`, { digits: '2' })).json.ok).toBe(true);
    await client.waitEvent((e) => h(e, 'Event-Name') === 'CHANNEL_HANGUP_COMPLETE' && h(e, 'Unique-ID') === uuid);
    const second = (await post('/calls/inbound', { did: '15550003000', callerIdNumber: '+14155550100' })).json.uuid as string;
    await client.waitEvent((e) => h(e, 'Event-Name') === 'CHANNEL_ANSWER' && h(e, 'Unique-ID') === second);
    const state = (await (await fetch(`${sim.controlUrl}/state`, { headers: { authorization: `Bearer ${sim.controlToken}` } })).json()) as { channels: Array<{ uuid: string }>; registrations: unknown[]; gateways: unknown[] };
    expect(state.channels.map((c) => c.uuid)).toEqual([second]);
    expect(state.registrations).toHaveLength(1);
    expect(state.gateways).toHaveLength(2);
    expect((await post(`/calls/${second}/hangup`, { cause: 'NORMAL_CLEARING' })).json.ok).toBe(true);
    const done = await client.waitEvent((e) => h(e, 'Event-Name') === 'CHANNEL_HANGUP_COMPLETE' && h(e, 'Unique-ID') === second);
    expect(h(done, 'variable_sip_hangup_disposition')).toBe('recv_bye');
    expect((await post('/calls/nope/answer', {})).status).toBe(404);
    expect((await post('/outcomes', { outcome: 'busy', destination: '/^1555/' })).json.ok).toBe(true);
    expect(await client.api('originate sofia/gateway/carrier/15551234567 &park')).toBe('-ERR USER_BUSY\n');
  });
});
