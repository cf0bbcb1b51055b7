// The platform on a real FreeSWITCH 1.10.12, configured as docs/freeswitch.md says, with real SIP
// phones (baresip): a phone registers, calls another extension, a DID call reaches a queue answered
// by an agent (states, call record, stereo recording), a DID call passes an IVR menu by a DTMF digit
// into a queue, and a switch restart mid-call heals. Skipped where the switch is not built.
import type { QueueReport } from '@callcenter/rules/reports/shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../../../switch-sim/src/media/wav.ts';
import { until } from '../switch.ts';
import { realSwitchPrefix, startRealPlatform, type RealPlatform } from './platform.ts';
import { realTenant, type RealTenant } from './tenant.ts';

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

describe.skipIf(!realSwitchPrefix())('a real FreeSWITCH 1.10.12', () => {
  let t: RealPlatform;
  let owner: RealTenant;

  beforeAll(async () => {
    t = await startRealPlatform();
    owner = await realTenant(t);
  });
  afterAll(async () => {
    await owner?.close();
    await t?.close();
  });

  const phoneOf = (number: string, toneHz: number, autoAnswer = false) => owner.phoneOf(number, toneHz, autoAnswer);
  const domain = () => owner.tenant.tenant.telephonyDomain;
  const channels = async () =>
    (JSON.parse(await t.esl('show channels as json')) as { rows?: { context: string; application: string }[] }).rows ?? [];

  it('registers a tenant’s phone in the tenant’s own domain, and the extension shows it', async () => {
    const { id } = await phoneOf('2001', 440);
    const shown = await until(
      () => owner.get<{ registeredAt: string | null }>(`/extensions/${id}`),
      (extension) => extension.registeredAt !== null,
    );
    expect(shown.registeredAt).not.toBeNull();
    expect(await t.esl(`sofia status profile internal reg`)).toContain(
      `2001@${domain()}`,
    );
  });

  it('carries an internal call between two phones and records it as INTERNAL', async () => {
    const caller = await phoneOf('2002', 440);
    const callee = await phoneOf('2003', 880, true);
    await caller.phone.dial(`sip:2003@${domain()}`);
    await caller.phone.waitFor('CALL_ESTABLISHED');
    await callee.phone.waitFor('CALL_ESTABLISHED');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await caller.phone.hangup();
    await callee.phone.waitFor('CALL_CLOSED');
    const [call] = await owner.endedCalls('extension=2002');
    expect(call).toMatchObject({ direction: 'INTERNAL', callerNumber: '2002', calledNumber: '2003' });
    expect(call?.answerAt).not.toBeNull();
  });

  it('sends a DID call to a queue, where a logged-in agent’s phone answers it: states, call record and stereo recording follow', async () => {
    const { queueId, agentId, phone: agentPhone } = await owner.staffedQueue('2004', { recordingEnabled: true });
    await owner.post('/inbound-routes', { didNumber: '551130002004', destinationType: 'QUEUE', destinationNumber: queueId });
    await owner.settled();

    // A carrier's call: an INVITE to the DID on the external profile (context public, no auth).
    const carrier = await owner.carrierPhone('5511987650000');
    await carrier.dial(`sip:551130002004@127.0.0.1:${t.sw.externalPort}`);
    await carrier.waitFor('CALL_ESTABLISHED');
    await agentPhone.waitFor('CALL_ESTABLISHED');
    const inCall = await until(
      () => t.esl(`callcenter_config agent get state a-${agentId}`),
      (text) => text.trim() === 'In a queue call',
    );
    expect(inCall.trim()).toBe('In a queue call');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await carrier.hangup();
    await agentPhone.waitFor('CALL_CLOSED');

    const [call] = await owner.endedCalls(`queueId=${queueId}`);
    expect(call).toMatchObject({ direction: 'INBOUND', queueId, agentId });
    expect(call?.answerAt).not.toBeNull();
    // mod_callcenter's member events, as the real module sends them, make one answered queue entry
    // (its member-queue-end comes after the hangup) and the queue report counts it.
    const entry = await until(
      () => t.db.withTenant(owner.tenant.tenant.id, (tx) => tx.selectFrom('queueEntries').selectAll().where('callId', '=', call!.id).execute()),
      (rows) => rows.length === 1 && rows[0]!.outcome === 'ANSWERED' && rows[0]!.talkEndedAt !== null,
    );
    expect(entry[0]).toMatchObject({ queueId, agentId, outcome: 'ANSWERED', cancelReason: null });
    expect(entry[0]!.answeredAt!.getTime()).toBeGreaterThanOrEqual(entry[0]!.joinedAt.getTime());
    expect(entry[0]!.talkEndedAt!.getTime() - entry[0]!.answeredAt!.getTime()).toBeGreaterThanOrEqual(1_000);
    const report = await owner.get<QueueReport>(`/reports/queues?preset=today&queueId=${queueId}`);
    expect(report.totals).toMatchObject({ offered: 1, answered: 1, abandoned: 0 });
    expect(report.totals.averageTalkSeconds).toBeGreaterThanOrEqual(1);
    // The stereo recording, collected into storage: the caller's tone left, the agent's right.
    const recording = await until(
      () =>
        t.db.withTenant(owner.tenant.tenant.id, (tx) =>
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
      () => t.esl(`callcenter_config agent get state a-${agentId}`),
      (text) => text.trim() !== 'In a queue call',
      15_000,
    );
    expect(after.trim()).not.toBe('In a queue call');
  });
  it('sends a DID call to an IVR menu: the caller presses 2 (RFC 2833) and lands in the queue, where an agent answers', async () => {
    const { queueId, agentId, phone: agentPhone } = await owner.staffedQueue('2007');
    // Option 1 rings another phone: only the digit pressed can have chosen the queue.
    const operator = await phoneOf('2008', 660, true);
    await owner.post('/ivr-menus', {
      name: 'Atendimento',
      context: 'atendimento',
      timeoutSeconds: 10,
      maxFailures: 2,
      failureTarget: { targetType: 'HANGUP' },
      options: [
        { digit: '1', targetType: 'EXTENSION', targetExtension: '2008' },
        { digit: '2', targetType: 'QUEUE', targetQueueId: queueId },
      ],
    });
    await owner.post('/inbound-routes', { didNumber: '551130002007', destinationType: 'IVR', destinationNumber: 'atendimento' });
    await owner.settled();

    const carrier = await owner.carrierPhone('5511987650007');
    await carrier.dial(`sip:551130002007@127.0.0.1:${t.sw.externalPort}`);
    await carrier.waitFor('CALL_ESTABLISHED');
    // The menu answered and waits for a digit in its own context.
    const menu = `${owner.tenant.tenant.code}_atendimento`;
    const inMenu = await until(channels, (rows) => rows.some((row) => row.context === menu && row.application === 'play_and_get_digits'), 10_000);
    expect(inMenu.map((row) => [row.context, row.application])).toContainEqual([menu, 'play_and_get_digits']);
    await carrier.sendDigits('2');
    await agentPhone.waitFor('CALL_ESTABLISHED');
    const inCall = await until(() => t.esl(`callcenter_config agent get state a-${agentId}`), (text) => text.trim() === 'In a queue call');
    expect(inCall.trim()).toBe('In a queue call');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await carrier.hangup();
    await agentPhone.waitFor('CALL_CLOSED');

    const [call] = await owner.endedCalls(`queueId=${queueId}`);
    expect(call).toMatchObject({ direction: 'INBOUND', callerNumber: '5511987650007', queueId, agentId, abandoned: false });
    // The menu answered first; the caller joined the queue after choosing.
    expect(call?.answerAt).not.toBeNull();
    expect(Date.parse(call!.queuedAt!)).toBeGreaterThan(Date.parse(call!.answerAt!));
    expect(call?.bridgedAt).not.toBeNull();
    expect(operator.phone.events.map((event) => event.type)).not.toContain('CALL_INCOMING');
  });

  it('survives a switch restart mid-call: the call ends everywhere, and the platform reconnects and calls again', async () => {
    const caller = await phoneOf('2005', 440);
    const callee = await phoneOf('2006', 880, true);
    await caller.phone.dial(`sip:2006@${domain()}`);
    await callee.phone.waitFor('CALL_ESTABLISHED');
    const closedBefore = caller.phone.events.length;
    await t.sw.restart();
    // A stopping FreeSWITCH hangs up its calls (BYE to both phones).
    await caller.phone.waitFor('CALL_CLOSED', 15_000, closedBefore);
    await until(() => t.runtime.target.esl.connected, Boolean, 30_000);
    const [call] = await owner.endedCalls('extension=2005', 20_000);
    expect(call?.endedAt).not.toBeNull();
    // The registrations are in the switch's database, which the restart kept.
    const from = callee.phone.events.length;
    await until(
      () => t.esl('sofia status profile internal reg'),
      (text) => text.includes(`2006@${domain()}`),
      20_000,
    );
    await caller.phone.dial(`sip:2006@${domain()}`);
    await callee.phone.waitFor('CALL_ESTABLISHED', 15_000, from);
    await caller.phone.hangup();
  });
});
