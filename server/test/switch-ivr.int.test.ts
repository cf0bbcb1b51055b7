// Issue 8, item 1: a caller in an IVR menu on the switch simulator. A digit sends the caller to a
// queue or to another menu; wrong digits and silence each cost a try (the invalid tone plays) and,
// when the tries run out, play_and_get_digits itself transfers the caller to the menu's failure
// target — as FreeSWITCH's switch_play_and_get_digits does. Observed through the event socket.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assignNumbers, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, startSwitchedApp, until, type SwitchedApp } from './switch.ts';

const INVALID_TONE = 'tone_stream://%(200,100,480,620)';

let t: SwitchedApp;
let tenant: TenantFixture;
let platform: Session;
let queueId: string;
const events: { uuid: string; name: string; file: string }[] = [];
let stopListening: () => void;

interface ChannelRow {
  uuid: string;
  name: string;
  context: string;
  application: string;
  presence_id: string;
}

const esl = (command: string) => t.runtime.target.esl.api(command);
const channels = async (): Promise<ChannelRow[]> => (JSON.parse(await esl('show channels as json')) as { rows?: ChannelRow[] }).rows ?? [];
const channel = async (uuid: string) => (await channels()).find((row) => row.uuid === uuid);
const invalidTones = (uuid: string) => events.filter((event) => event.uuid === uuid && event.name === 'PLAYBACK_START' && event.file === INVALID_TONE).length;

async function post<T>(url: string, payload: object): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: tenant.admin.session.auth, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function settled(): Promise<void> {
  expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0)).toBe(0);
}

/** The legs ringing on an extension's phone. */
async function legsOf(extension: string): Promise<ChannelRow[]> {
  const presence = `${extension}@${tenant.tenant.telephonyDomain}`;
  return (await channels()).filter((row) => row.presence_id === presence && row.name.startsWith(`sofia/internal/${extension}-`));
}

const dial = (did: string) => t.simulator().control.inbound({ did, callerIdNumber: '5511987650000' });

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  tenant = await createTenant(t.app, platform);
  stopListening = t.simulator().model.bus.subscribe((event) => {
    if (event.name === 'PLAYBACK_START') events.push({ uuid: event.get('Unique-ID') ?? '', name: event.name, file: event.get('Playback-File-Path') ?? '' });
  });
  const phone = await post<{ domain: string; sipPassword: string }>('/extensions', { number: '4102' });
  queueId = (await post<{ id: string }>('/queues', { name: 'Suporte' })).id;
  // Suporte: 1 s of silence twice sends the caller to the queue.
  const support = await post<{ id: string }>('/ivr-menus', {
    name: 'Suporte',
    context: 'suporte',
    timeoutSeconds: 1,
    maxFailures: 2,
    failureTarget: { targetType: 'QUEUE', targetQueueId: queueId },
    options: [{ digit: '1', targetExtension: '4102' }],
  });
  // Principal: 1 the queue, 2 the Suporte menu; two wrong digits end at extension 4102.
  await post('/ivr-menus', {
    name: 'Principal',
    context: 'principal',
    timeoutSeconds: 20,
    maxFailures: 2,
    failureTarget: { targetType: 'EXTENSION', targetExtension: '4102' },
    options: [
      { digit: '1', targetType: 'QUEUE', targetQueueId: queueId },
      { digit: '2', targetType: 'IVR', targetMenuId: support.id },
    ],
  });
  await assignNumbers(t.app, platform, tenant.tenant.id, '551130004100');
  await post('/inbound-routes', { didNumber: '551130004100', destinationType: 'IVR', destinationNumber: 'principal' });
  await assignNumbers(t.app, platform, tenant.tenant.id, '551130004101');
  await post('/inbound-routes', { didNumber: '551130004101', destinationType: 'IVR', destinationNumber: 'suporte' });
  await settled();
  const registered = await until(
    () => t.simulator().control.register({ user: '4102', domain: phone.domain, password: phone.sipPassword }),
    (result) => result.ok,
  );
  expect(registered.ok).toBe(true);
}, 60_000);
afterAll(async () => {
  stopListening();
  await t.close();
});
afterEach(async () => {
  await esl('hupall NORMAL_CLEARING');
  await until(channels, (rows) => rows.length === 0);
});

/** A call waiting for its digit in the given menu. */
async function waitingIn(uuid: string, context: string): Promise<void> {
  const row = await until(() => channel(uuid), (found) => found?.application === 'play_and_get_digits' && found.context === `${tenant.tenant.code}_${context}`);
  expect(row?.context).toBe(`${tenant.tenant.code}_${context}`);
}

describe('a caller in an IVR menu', () => {
  it('presses 1 and waits in the queue', async () => {
    const call = dial('551130004100');
    await waitingIn(call, 'principal');
    expect(t.simulator().control.dtmf(call, '1')).toBe(true);
    const members = await until(() => esl(`callcenter_config queue list members q-${queueId}`), (list) => list.includes(call));
    expect(members).toContain(call);
    expect((await channel(call))?.application).toBe('callcenter');
  });

  it('presses 2 and hears the other menu', async () => {
    const call = dial('551130004100');
    await waitingIn(call, 'principal');
    expect(t.simulator().control.dtmf(call, '2')).toBe(true);
    await waitingIn(call, 'suporte');
  });

  it('presses a wrong digit: hears the invalid tone and the menu again; the second wrong digit ends at the failure target', async () => {
    const call = dial('551130004100');
    await waitingIn(call, 'principal');
    expect(t.simulator().control.dtmf(call, '7')).toBe(true);
    await until(() => invalidTones(call), (count) => count === 1);
    await waitingIn(call, 'principal');
    expect(await legsOf('4102')).toEqual([]);
    expect((await esl(`uuid_getvar ${call} ivr_digit_invalid`)).trim()).toBe('7');

    expect(t.simulator().control.dtmf(call, '9')).toBe(true);
    const legs = await until(() => legsOf('4102'), (found) => found.length === 1);
    expect(legs).toHaveLength(1);
    expect(invalidTones(call)).toBe(2);
    expect((await channel(call))?.context).toBe(`${tenant.tenant.code}_default`);
  });

  it('presses nothing: each timeout costs a try, then the failure target (a queue) takes the call', async () => {
    const call = dial('551130004101');
    await waitingIn(call, 'suporte');
    const members = await until(() => esl(`callcenter_config queue list members q-${queueId}`), (list) => list.includes(call), 10_000);
    expect(members).toContain(call);
    expect(invalidTones(call)).toBe(2);
  });
});
