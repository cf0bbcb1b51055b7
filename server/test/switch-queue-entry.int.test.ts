// Every way into a queue goes through the platform's queue entry (decision 0029): on the switch
// simulator — which copies to the agent leg only what cc_export_vars lists, as mod_callcenter does —
// the agent's leg carries the tenant, the call and the queue, and a recorded queue leaves a stereo
// 8 kHz 16-bit WAV at <recordings dir>/<tenant id>/<call id>-<recording id>.wav (one per entry into
// a recorded queue, decision 0041) while an unrecorded one leaves none.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../../switch-sim/src/media/wav.ts';
import { SwitchXmlElement } from '../src/platform/switch/switch-xml-writer.ts';
import { assignNumbers, createMember, createPlatformAdmin, createTenant, login, type Session, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, phoneLegs, startSwitchedApp, switchChannels, type SwitchedApp, until } from './switch.ts';

let t: SwitchedApp;
let tenant: TenantFixture;
let auth: Session['auth'];
/** Where the switch records: FREESWITCH_RECORDINGS_DIR, whose default is <conf dir>/recordings. */
let recordingsDir: string;

let platform: Session;

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
  recordingsDir = path.resolve(t.confDir, 'recordings');
}, 60_000);
// A tenant per test: each makes its own queue (plans limit how many a tenant has).
beforeEach(async () => {
  tenant = await createTenant(t.app, platform);
  auth = tenant.admin.session.auth;
});
afterAll(() => t.close());
afterEach(async () => {
  await esl('hupall NORMAL_CLEARING');
  await until(channels, (rows) => rows.length === 0);
});


const esl = (command: string) => t.runtime.target.esl.api(command);
const getvar = async (uuid: string, name: string) => (await esl(`uuid_getvar ${uuid} ${name}`)).trim();

const channels = () => switchChannels(t);

const legsOf = (extension: string) => phoneLegs(t, extension, tenant.tenant.telephonyDomain);

async function post<T>(url: string, payload: unknown): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, headers: auth, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function settled(): Promise<void> {
  expect(await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0)).toBe(0);
}

/** A queue with one logged-in agent whose phone (extension `number`) is registered. */
async function staffedQueue(number: string, recordingEnabled: boolean): Promise<{ queueId: string }> {
  const extension = await post<{ id: string; domain: string; sipPassword: string }>('/extensions', { number });
  await settled();
  const registered = await until(
    () => t.simulator().control.register({ user: number, domain: extension.domain, password: extension.sipPassword }),
    (result) => result.ok,
  );
  expect(registered.ok).toBe(true);
  const member = await createMember(t.app, tenant.admin.session, 'agent');
  const agent = await post<{ id: string }>('/agents', { userId: member.id, extensionId: extension.id });
  const queue = await post<{ id: string }>('/queues', { name: `fila-${number}`, recordingEnabled });
  await post(`/queues/${queue.id}/agents`, { agentId: agent.id });
  await settled();
  expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
  await until(() => esl(`callcenter_config agent get status a-${agent.id}`), (status) => status.trim() === 'Available');
  return { queueId: queue.id };
}

/** The call is offered to the extension's phone, which answers: the agent's leg. */
async function answeredBy(call: string, number: string): Promise<string> {
  await until(() => legsOf(number), (legs) => legs.length === 1);
  expect(t.simulator().control.answer(call, number)).toBe(true);
  const [leg] = await until(() => legsOf(number), (legs) => legs[0]?.callstate === 'ACTIVE');
  expect(leg?.callstate).toBe('ACTIVE');
  return leg!.uuid;
}

/** Waits for the call's RECORD_STOP-or-hangup and the simulator's pending file writes. */
async function hangUpAndSettle(call: string): Promise<{ recorded: string[] }> {
  const recorded: string[] = [];
  let ended = false;
  const stop = t.simulator().model.bus.subscribe((event) => {
    if (event.get('Unique-ID') !== call) return;
    if (event.name === 'RECORD_STOP') recorded.push(event.get('Record-File-Path') ?? '');
    if (event.name === 'CHANNEL_HANGUP_COMPLETE') ended = true;
  });
  try {
    t.simulator().control.hangup(call);
    await until(() => ended, (value) => value);
    return { recorded };
  } finally {
    stop();
  }
}

describe('callers entering a queue', () => {
  it('from a DID: the agent leg carries the tenant, the call and the queue; a recorded queue’s stereo WAV is collected into storage', async () => {
    const { queueId } = await staffedQueue('4101', true);
    await assignNumbers(t.app, platform, tenant.tenant.id, '551130004101');
    await post('/inbound-routes', { didNumber: '551130004101', destinationType: 'QUEUE', destinationNumber: queueId });
    await settled();
    // The platform made the tenant's folder before the switch records (group-writable, setgid).
    expect(statSync(path.join(recordingsDir, tenant.tenant.id)).mode & 0o7777).toBe(0o2770);
    const call = t.simulator().control.inbound({ did: '551130004101', callerIdNumber: '5511987650001' });
    const agentLeg = await answeredBy(call, '4101');

    expect(await getvar(call, 'svc_call_id')).toBe(call);
    expect(await getvar(agentLeg, 'svc_tenant_id')).toBe(tenant.tenant.id);
    expect(await getvar(agentLeg, 'svc_call_id')).toBe(call);
    expect(await getvar(agentLeg, 'svc_queue_id')).toBe(queueId);
    expect(await getvar(agentLeg, 'cc_member_session_uuid')).toBe(call);
    // the dialer's variables are listed too, and absent on a DID call
    expect(await getvar(agentLeg, 'svc_campaign_id')).toBe('_undef_');

    // One file per entry into a recorded queue, named by the call and the entry's recording id.
    const recordingId = await getvar(call, 'svc_recording_id');
    expect(recordingId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { recorded } = await hangUpAndSettle(call);
    const file = path.join(recordingsDir, tenant.tenant.id, `${call}-${recordingId}.wav`);
    expect(recorded).toEqual([file]);
    // The platform collects the file from the switch's folder into its storage, then removes it there.
    const recording = await until(
      () => t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('recordings').select(['status', 'storageKey']).where('callId', '=', call).executeTakeFirst()),
      (row) => row?.status === 'AVAILABLE',
    );
    expect(recording?.status).toBe('AVAILABLE');
    const stored = await t.storage.get(recording!.storageKey!);
    const bytes = Buffer.concat(await stored!.stream.toArray());
    const wav = parseWavHeader(bytes);
    expect([wav.audioFormat, wav.channels, wav.sampleRate, wav.bitsPerSample]).toEqual([1, 2, 8000, 16]);
    expect(wav.dataSize).toBeGreaterThan(0);
    expect(wav.riffSize).toBe(bytes.length - 8);
    expect(existsSync(file)).toBe(false);
  });

  it('from an IVR option into an unrecorded queue: the same variables on the agent leg, and no recording', async () => {
    const { queueId } = await staffedQueue('4102', false);
    const menu = await post<{ context: string }>('/ivr-menus', {
      name: 'Filas',
      context: 'filas',
      greeting: 'Bem-vindo',
      options: [{ digit: '2', targetType: 'QUEUE', targetQueueId: queueId }],
    });
    await assignNumbers(t.app, platform, tenant.tenant.id, '551130004102');
    await post('/inbound-routes', { didNumber: '551130004102', destinationType: 'IVR', destinationNumber: menu.context });
    await settled();
    const call = t.simulator().control.inbound({ did: '551130004102', callerIdNumber: '5511987650002' });
    await until(async () => (await channels()).some((row) => row.uuid === call && (row as unknown as { application: string }).application === 'play_and_get_digits'), (ok) => ok);
    expect(t.simulator().control.dtmf(call, '2')).toBe(true);
    const agentLeg = await answeredBy(call, '4102');

    expect(await getvar(agentLeg, 'svc_tenant_id')).toBe(tenant.tenant.id);
    expect(await getvar(agentLeg, 'svc_call_id')).toBe(call);
    expect(await getvar(agentLeg, 'svc_queue_id')).toBe(queueId);

    await new Promise((resolve) => setTimeout(resolve, 200));
    const { recorded } = await hangUpAndSettle(call);
    expect(recorded).toEqual([]);
    const folder = path.join(recordingsDir, tenant.tenant.id);
    expect(existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(call)) : []).toEqual([]);
  });

  it('from a tenant’s own dialplan rule: its callcenter action is the same queue entry', async () => {
    const { queueId } = await staffedQueue('4103', false);
    const rule = await post<{ id: string }>('/dialplan/rules', {
      context: 'default',
      name: 'support-line',
      conditionField: 'destination_number',
      conditionExpression: '^7103$',
      actions: [
        { application: 'answer', data: '' },
        { application: 'callcenter', data: `q-${queueId}` },
      ],
      order: 1,
    });
    expect(rule.id).toBeTruthy();
    const version = await post<{ id: string }>('/dialplan/versions', { context: 'default' });
    await post(`/dialplan/versions/${version.id}/activate`, {});
    await settled();
    // A phone of the tenant dials 7103: its call arrives in the tenant's context with the
    // directory's svc_tenant_id, as mod_sofia sets a registered user's variables.
    const call = t.simulator().control.inbound({
      did: '7103',
      callerIdNumber: '4199',
      profile: 'internal',
      context: `${tenant.tenant.code}_default`,
      vars: { svc_tenant_id: tenant.tenant.id },
    });
    const agentLeg = await answeredBy(call, '4103');
    expect(await getvar(agentLeg, 'svc_tenant_id')).toBe(tenant.tenant.id);
    expect(await getvar(agentLeg, 'svc_call_id')).toBe(call);
    expect(await getvar(agentLeg, 'svc_queue_id')).toBe(queueId);
  });

  it('from an old dialplan version re-activated (a rollback): the switch gets today’s queue entry, not the stored bare callcenter', async () => {
    const { queueId } = await staffedQueue('4104', false);
    const context = `${tenant.tenant.code}_default`;
    // A version as the compiler wrote it before the queue entry existed (decision 0029): the
    // callcenter action alone, stored as a DRAFT of the tenant's default context.
    const root = new SwitchXmlElement('include');
    const condition = root
      .ele('context', { name: context })
      .ele('extension', { name: 'old-support-line', continue: 'false' })
      .ele('condition', { field: 'destination_number', expression: '^7104$' });
    condition.ele('action', { application: 'answer', data: '' });
    condition.ele('action', { application: 'callcenter', data: `q-${queueId}` });
    const oldXml = root.end();
    const versionId = await t.db.withTenant(tenant.tenant.id, async (tx) => {
      const { last } = await tx.selectFrom('dialplanVersions').select((eb) => eb.fn.max('number').as('last')).where('context', '=', 'default').executeTakeFirstOrThrow();
      const row = await tx
        .insertInto('dialplanVersions')
        .values({ tenantId: tenant.tenant.id, context: 'default', number: Number(last ?? 0) + 1, status: 'DRAFT', xml: oldXml, createdBy: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    await post(`/dialplan/versions/${versionId}/activate`, {});
    await settled();

    const written = await readFile(path.join(t.confDir, 'dialplan', `${context}.xml`), 'utf8');
    expect(written).toContain('svc_call_id=');
    expect(written).toContain(`svc_queue_id=${queueId}`);
    expect(written).toContain('cc_export_vars=');
    // The version's own record stays what it was.
    const stored = await t.app.inject({ method: 'GET', url: `/dialplan/versions/${versionId}`, headers: auth });
    expect(stored.json<{ xml: string; status: string }>()).toMatchObject({ xml: oldXml, status: 'ACTIVE' });

    const call = t.simulator().control.inbound({ did: '7104', callerIdNumber: '4198', profile: 'internal', context, vars: { svc_tenant_id: tenant.tenant.id } });
    const agentLeg = await answeredBy(call, '4104');
    expect(await getvar(agentLeg, 'svc_call_id')).toBe(call);
    expect(await getvar(agentLeg, 'svc_queue_id')).toBe(queueId);
  });

  it('through two recorded queues: one recording per queue, each its own switch file and storage key, none overwritten', async () => {
    const first = await staffedQueue('4105', true);
    const second = await staffedQueue('4106', true);
    await assignNumbers(t.app, platform, tenant.tenant.id, '551130004105');
    await post('/inbound-routes', { didNumber: '551130004105', destinationType: 'QUEUE', destinationNumber: first.queueId });
    await post('/dialplan/rules', {
      context: 'default',
      name: 'second-line',
      conditionField: 'destination_number',
      conditionExpression: '^7106$',
      actions: [{ application: 'callcenter', data: `q-${second.queueId}` }],
      order: 1,
    });
    const version = await post<{ id: string }>('/dialplan/versions', { context: 'default' });
    await post(`/dialplan/versions/${version.id}/activate`, {});
    await settled();

    const started: string[] = [];
    const stopListening = t.simulator().model.bus.subscribe((event) => {
      if (event.name === 'RECORD_START' && event.get('Unique-ID') === call) started.push(event.get('Record-File-Path') ?? '');
    });
    const call = t.simulator().control.inbound({ did: '551130004105', callerIdNumber: '5511987650005' });
    await answeredBy(call, '4105');
    await until(() => started.length, (n) => n === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The first agent hands the caller over to the second queue (the agent's leg ends).
    expect((await esl(`uuid_transfer ${call} 7106 XML ${tenant.tenant.code}_default`)).trim()).toBe('+OK');
    await answeredBy(call, '4106');
    await until(() => started.length, (n) => n === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { recorded } = await hangUpAndSettle(call);
    stopListening();

    // Two files under the tenant's folder, both named after the call, never the same one.
    expect(new Set(started).size).toBe(2);
    for (const file of started) {
      expect(path.dirname(file)).toBe(path.join(recordingsDir, tenant.tenant.id));
      expect(path.basename(file)).toMatch(new RegExp(`^${call}-[0-9a-f-]{36}\\.wav$`));
    }
    expect(new Set(recorded)).toEqual(new Set(started));

    const rows = await until(
      () => t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('recordings').select(['id', 'seq', 'status', 'storageKey', 'switchPath']).where('callId', '=', call).orderBy('seq').execute()),
      (list) => list.length === 2 && list.every((row) => row.status === 'AVAILABLE'),
    );
    expect(rows.map((row) => [row.seq, row.status, row.switchPath])).toEqual([
      [1, 'AVAILABLE', started[0]],
      [2, 'AVAILABLE', started[1]],
    ]);
    // The first keeps the specification's key; the second is numbered.
    expect(path.basename(rows[0]!.storageKey!)).toBe(`${call}.wav`);
    expect(path.basename(rows[1]!.storageKey!)).toBe(`${call}-2.wav`);
    for (const row of rows) {
      const bytes = Buffer.concat(await (await t.storage.get(row.storageKey!))!.stream.toArray());
      expect(parseWavHeader(bytes).dataSize).toBeGreaterThan(0);
    }
    for (const file of started) expect(existsSync(file)).toBe(false);

    // The call names its first recording; its detail lists both, oldest first.
    const detail = (await t.app.inject({ method: 'GET', url: `/calls/${call}`, headers: auth })).json<{ recordingId: string; recording: { id: string }; recordings: { id: string }[] }>();
    expect(detail.recordingId).toBe(rows[0]!.id);
    expect(detail.recording.id).toBe(rows[0]!.id);
    expect(detail.recordings.map((item) => item.id)).toEqual(rows.map((row) => row.id));
    const listed = (await t.app.inject({ method: 'GET', url: `/calls?phone=5511987650005`, headers: auth })).json<{ items: { id: string }[] }>();
    expect(listed.items.map((item) => item.id)).toEqual([call]);
  });
});
