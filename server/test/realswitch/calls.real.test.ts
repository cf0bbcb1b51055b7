// The platform on a real FreeSWITCH 1.10.12, configured as docs/freeswitch.md says, with real SIP
// phones (baresip): a phone registers, calls another extension, and a DID call reaches a queue
// answered by an agent, whose states and call record follow. Skipped where the switch is not built.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../../../switch-sim/src/media/wav.ts';
import { createMember, createPlatformAdmin, createTenant, login, type TenantFixture } from '../harness.ts';
import { until } from '../switch.ts';
import { startPhone, type Phone } from './phone.ts';
import { realSwitchPrefix, startRealPlatform, type RealPlatform } from './platform.ts';

/** The RMS level of each channel of 16-bit stereo PCM. */
function channelLevels(data: Buffer): [number, number] {
  const sums = [0, 0];
  const frames = Math.floor(data.length / 4);
  for (let i = 0; i < frames; i++) {
    sums[0] = sums[0]! + data.readInt16LE(i * 4) ** 2;
    sums[1] = sums[1]! + data.readInt16LE(i * 4 + 2) ** 2;
  }
  return [Math.sqrt(sums[0]! / frames), Math.sqrt(sums[1]! / frames)];
}

interface CallRow {
  id: string;
  direction: string;
  callerNumber: string | null;
  calledNumber: string | null;
  extensionNumber: string | null;
  queueId: string | null;
  agentId: string | null;
  answerAt: string | null;
  endedAt?: string | null;
  hangupCause?: string | null;
}

describe.skipIf(!realSwitchPrefix())('a real FreeSWITCH 1.10.12', () => {
  let t: RealPlatform;
  let tenant: TenantFixture;
  const phones: Phone[] = [];

  beforeAll(async () => {
    t = await startRealPlatform();
    const admin = await createPlatformAdmin(t.db);
    const platform = await login(t.app, admin.email, admin.password);
    const plan = await t.app.inject({
      method: 'POST',
      url: '/plans',
      headers: platform.auth,
      payload: { name: 'Unlimited' },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    tenant = await createTenant(t.app, platform, { planId: plan.json<{ id: string }>().id });
    // The DIDs the tests route are the tenant's own, assigned by the platform (issue 19, item 21).
    const numbers = await t.app.inject({
      method: 'POST',
      url: `/tenants/${tenant.tenant.id}/numbers`,
      headers: platform.auth,
      payload: { from: '551130002000', to: '551130002099' },
    });
    expect(numbers.statusCode, numbers.body).toBe(201);
  });
  afterAll(async () => {
    await Promise.all(phones.map((phone) => phone.stop()));
    await t?.close();
  });

  const auth = () => tenant.admin.session.auth;
  async function post<T>(url: string, payload: object, headers = auth()): Promise<T> {
    const response = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json<T>();
  }
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: auth() })).json<T>();
  async function settled(): Promise<void> {
    const pending = () =>
      t.db.withTenant(tenant.tenant.id, (tx) =>
        tx.selectFrom('switchConfigChanges').select('kind').execute(),
      );
    expect(await until(pending, (rows) => rows.length === 0, 20_000)).toEqual([]);
  }
  async function phoneOf(number: string, toneHz: number, autoAnswer = false) {
    const created = await post<{ id: string; domain: string; sipPassword: string }>('/extensions', {
      number,
    });
    await settled();
    const phone = await startPhone({
      user: number,
      domain: created.domain,
      password: created.sipPassword,
      proxyPort: t.sw.internalPort,
      register: true,
      toneHz,
      autoAnswer,
    });
    phones.push(phone);
    // baresip registers at start, before its control socket is open: the switch's side tells.
    const domain = created.domain;
    await until(
      () => t.esl('sofia status profile internal reg'),
      (text) => text.includes(`${number}@${domain}`),
      15_000,
    );
    return { ...created, phone };
  }
  const callsOf = async (query: string) => (await get<{ items: CallRow[] }>(`/calls?${query}`)).items;

  it('registers a tenant’s phone in the tenant’s own domain, and the extension shows it', async () => {
    const { id } = await phoneOf('2001', 440);
    const shown = await until(
      () => get<{ registeredAt: string | null }>(`/extensions/${id}`),
      (extension) => extension.registeredAt !== null,
    );
    expect(shown.registeredAt).not.toBeNull();
    expect(await t.esl(`sofia status profile internal reg`)).toContain(
      `2001@${tenant.tenant.telephonyDomain}`,
    );
  });

  it('carries an internal call between two phones and records it as INTERNAL', async () => {
    const caller = await phoneOf('2002', 440);
    const callee = await phoneOf('2003', 880, true);
    await caller.phone.dial(`sip:2003@${tenant.tenant.telephonyDomain}`);
    await caller.phone.waitFor('CALL_ESTABLISHED');
    await callee.phone.waitFor('CALL_ESTABLISHED');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await caller.phone.hangup();
    await callee.phone.waitFor('CALL_CLOSED');
    const [call] = await until(
      () => callsOf('extension=2002'),
      (rows) => rows.some((row) => row.endedAt !== null && row.endedAt !== undefined),
    );
    expect(call).toMatchObject({ direction: 'INTERNAL', callerNumber: '2002', calledNumber: '2003' });
    expect(call?.answerAt).not.toBeNull();
  });

  it('sends a DID call to a queue, where a logged-in agent’s phone answers it: states, call record and stereo recording follow', async () => {
    const extension = await phoneOf('2004', 880, true);
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const agent = await post<{ id: string }>('/agents', { userId: member.id, extensionId: extension.id });
    const queue = await post<{ id: string }>('/queues', {
      name: `vendas-${Date.now()}`,
      recordingEnabled: true,
    });
    await post(`/queues/${queue.id}/agents`, { agentId: agent.id });
    await post('/inbound-routes', {
      didNumber: '551130002004',
      destinationType: 'QUEUE',
      destinationNumber: queue.id,
    });
    await settled();
    expect(
      (await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth }))
        .statusCode,
    ).toBe(200);
    const status = await until(
      () => t.esl(`callcenter_config agent get status a-${agent.id}`),
      (text) => text.trim() === 'Available',
      15_000,
    );
    expect(status.trim()).toBe('Available');

    // A carrier's call: an INVITE to the DID on the external profile (context public, no auth).
    const carrier = await startPhone({
      user: '5511987650000',
      domain: '127.0.0.1',
      proxyPort: t.sw.externalPort,
      register: false,
      toneHz: 440,
    });
    phones.push(carrier);
    await carrier.dial(`sip:551130002004@127.0.0.1:${t.sw.externalPort}`);
    await carrier.waitFor('CALL_ESTABLISHED');
    await extension.phone.waitFor('CALL_ESTABLISHED');
    const inCall = await until(
      () => t.esl(`callcenter_config agent get state a-${agent.id}`),
      (text) => text.trim() === 'In a queue call',
    );
    expect(inCall.trim()).toBe('In a queue call');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await carrier.hangup();
    await extension.phone.waitFor('CALL_CLOSED');

    const [call] = await until(
      () => callsOf(`queueId=${queue.id}`),
      (rows) => rows.some((row) => row.endedAt !== null && row.endedAt !== undefined),
      15_000,
    );
    expect(call).toMatchObject({ direction: 'INBOUND', queueId: queue.id, agentId: agent.id });
    expect(call?.answerAt).not.toBeNull();
    // The stereo recording, collected into storage: the caller's tone left, the agent's right.
    const recording = await until(
      () =>
        t.db.withTenant(tenant.tenant.id, (tx) =>
          tx
            .selectFrom('recordings')
            .select(['status', 'storageKey'])
            .where('callId', '=', call!.id)
            .executeTakeFirst(),
        ),
      (row) => row?.status === 'AVAILABLE',
      15_000,
    );
    expect(recording?.status).toBe('AVAILABLE');
    const stored = await t.storage.get(recording!.storageKey!);
    const bytes = Buffer.concat(await stored!.stream.toArray());
    const wav = parseWavHeader(bytes);
    expect([wav.audioFormat, wav.channels, wav.sampleRate, wav.bitsPerSample]).toEqual([1, 2, 8000, 16]);
    const [left, right] = channelLevels(bytes.subarray(bytes.length - wav.dataSize));
    expect(left).toBeGreaterThan(500);
    expect(right).toBeGreaterThan(500);
    // After the call, mod_callcenter puts the agent back to waiting (after its wrap-up time).
    const after = await until(
      () => t.esl(`callcenter_config agent get state a-${agent.id}`),
      (text) => text.trim() !== 'In a queue call',
      15_000,
    );
    expect(after.trim()).not.toBe('In a queue call');
  });
  it('survives a switch restart mid-call: the call ends everywhere, and the platform reconnects and calls again', async () => {
    const caller = await phoneOf('2005', 440);
    const callee = await phoneOf('2006', 880, true);
    await caller.phone.dial(`sip:2006@${tenant.tenant.telephonyDomain}`);
    await callee.phone.waitFor('CALL_ESTABLISHED');
    const closedBefore = caller.phone.events.length;
    await t.sw.restart();
    // A stopping FreeSWITCH hangs up its calls (BYE to both phones).
    await caller.phone.waitFor('CALL_CLOSED', 15_000, closedBefore);
    await until(() => t.runtime.target.esl.connected, Boolean, 30_000);
    const [call] = await until(
      () => callsOf('extension=2005'),
      (rows) => rows.some((row) => row.endedAt !== null && row.endedAt !== undefined),
      20_000,
    );
    expect(call?.endedAt).not.toBeNull();
    // The registrations are in the switch's database, which the restart kept.
    const from = callee.phone.events.length;
    await until(
      () => t.esl('sofia status profile internal reg'),
      (text) => text.includes(`2006@${tenant.tenant.telephonyDomain}`),
      20_000,
    );
    await caller.phone.dial(`sip:2006@${tenant.tenant.telephonyDomain}`);
    await callee.phone.waitFor('CALL_ESTABLISHED', 15_000, from);
    await caller.phone.hangup();
  });
});
