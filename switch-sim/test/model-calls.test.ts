// The call model: originate outcomes (answer/busy/no answer/failure, ring and talk times), the
// svc_* variables on every leg, user/ endpoints and their real errors, uuid_* commands, and the
// dialplan (DID → extension, DID → IVR → queue) driven through the control surface.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../src/media/wav.ts';
import { eventHeader as h } from './esl-client.ts';
import type { ParsedEvent } from './esl-wire.ts';
import { harness, sleep, until, type Harness } from './helpers.ts';

let t: Harness;
beforeEach(async () => {
  t = await harness({ speed: 50, events: 'plain ALL' });
});
afterEach(async () => {
  await t.close();
});

const named = (name: string, extra?: (e: ParsedEvent) => boolean) => (e: ParsedEvent) => h(e, 'Event-Name') === name && (extra?.(e) ?? true);
const complete = (uuid: string) => named('CHANNEL_HANGUP_COMPLETE', (e) => h(e, 'Unique-ID') === uuid);

describe('originate outcomes on a gateway', () => {
  it('answers after the ring time and hangs up after the talk time', async () => {
    const reply = await t.client.api('originate {sim_outcome=ANSWER,sim_ring_ms=2000,sim_talk_ms=3000,svc_tenant_id=acme,svc_call_id=c1}sofia/gateway/carrier/15551230000 &park');
    expect(reply).toMatch(/^\+OK [0-9a-f-]{36}\n$/);
    const uuid = reply.slice(4, -1);
    const progress = await t.client.waitEvent(named('CHANNEL_PROGRESS', (e) => h(e, 'Unique-ID') === uuid));
    const answer = await t.client.waitEvent(named('CHANNEL_ANSWER', (e) => h(e, 'Unique-ID') === uuid));
    const ringMs = (Number(h(answer, 'Caller-Channel-Answered-Time')) - Number(h(progress, 'Caller-Channel-Created-Time'))) / 1000;
    expect(ringMs).toBeGreaterThanOrEqual(1900);
    const done = await t.client.waitEvent(complete(uuid));
    expect(h(done, 'Hangup-Cause')).toBe('NORMAL_CLEARING');
    expect(Number(h(done, 'variable_billsec'))).toBeGreaterThanOrEqual(2);
    expect(Number(h(done, 'variable_billmsec'))).toBeGreaterThanOrEqual(2900);
    // the far end hung up after the talk time
    expect(h(done, 'variable_sip_hangup_disposition')).toBe('recv_bye');
    expect(h(done, 'variable_svc_tenant_id')).toBe('acme');
    expect(h(done, 'variable_svc_call_id')).toBe('c1');
    expect(h(done, 'Channel-Name')).toBe('sofia/external/15551230000');
  });

  it.each([
    ['BUSY', '-ERR USER_BUSY\n'],
    ['NO_ANSWER', '-ERR NO_ANSWER\n'],
    ['FAILED', '-ERR NORMAL_TEMPORARY_FAILURE\n'],
    ['REJECT', '-ERR CALL_REJECTED\n'],
    ['UNALLOCATED_NUMBER', '-ERR UNALLOCATED_NUMBER\n'],
  ])('%s → %j', async (outcome, expected) => {
    expect(await t.client.api(`originate {sim_outcome=${outcome},sim_ring_ms=500}sofia/gateway/carrier/15551230000 &park`)).toBe(expected);
  });

  it('applies control-surface outcome rules by destination', async () => {
    t.sim.control.addOutcome({ destination: '15550000001', outcome: 'BUSY', times: 1 });
    expect(await t.client.api('originate sofia/gateway/carrier/15550000001 &park')).toBe('-ERR USER_BUSY\n');
    expect(await t.client.api('originate {sim_ring_ms=10}sofia/gateway/carrier/15550000001 &park')).toMatch(/^\+OK /);
    await t.client.api('hupall');
  });

  it('drops an unanswered leg after originate_timeout with NO_ANSWER', async () => {
    expect(await t.client.api('originate {sim_outcome=MANUAL,originate_timeout=3}sofia/gateway/carrier/15551230000 &park')).toBe('-ERR NO_ANSWER\n');
    const done = await t.client.waitEvent(named('CHANNEL_HANGUP_COMPLETE'));
    expect(h(done, 'Hangup-Cause')).toBe('NO_ANSWER');
    expect(h(done, 'variable_sip_hangup_disposition')).toBe('send_cancel');
  });

  it('drops a leg whose own leg_timeout runs out first with ALLOTTED_TIMEOUT, which is the originate’s cause too', async () => {
    expect(await t.client.api('originate {sim_outcome=MANUAL,originate_timeout=5}[leg_timeout=1]sofia/gateway/carrier/15551230000 &park')).toBe('-ERR ALLOTTED_TIMEOUT\n');
    const done = await t.client.waitEvent(named('CHANNEL_HANGUP_COMPLETE'));
    expect(h(done, 'Hangup-Cause')).toBe('ALLOTTED_TIMEOUT');
    // The originate's timeout first: NO_ANSWER, whatever the leg's.
    expect(await t.client.api('originate {sim_outcome=MANUAL,originate_timeout=1}[leg_timeout=4]sofia/gateway/carrier/15551230000 &park')).toBe('-ERR NO_ANSWER\n');
  });

  it('knows unknown and unusable gateways', async () => {
    expect(await t.client.api('originate sofia/gateway/nope/123 &park')).toBe('-ERR INVALID_GATEWAY\n');
    await t.client.api('sofia profile external killgw carrier');
    expect(await t.client.api('originate sofia/gateway/carrier/123 &park')).toBe('-ERR INVALID_GATEWAY\n');
  });
});

describe('svc_* variables and loopback legs', () => {
  it('carries the originate variables on both loopback legs', async () => {
    const reply = await t.client.api('originate {svc_tenant_id=acme,svc_call_id=call-1,svc_attempt_id=a-1,svc_campaign_id=camp-1,svc_lead_id=lead-1}loopback/9196 &park');
    const uuid = reply.slice(4, -1);
    await t.client.waitEvent(named('CHANNEL_PARK', (e) => h(e, 'Unique-ID') === uuid));
    const creates = t.client.events().filter(named('CHANNEL_CREATE'));
    expect(creates).toHaveLength(2);
    for (const e of creates) {
      for (const [k, v] of [
        ['svc_tenant_id', 'acme'],
        ['svc_call_id', 'call-1'],
        ['svc_attempt_id', 'a-1'],
        ['svc_campaign_id', 'camp-1'],
        ['svc_lead_id', 'lead-1'],
      ]) {
        expect(h(e, `variable_${k}`)).toBe(v);
      }
    }
    expect(await t.client.api(`uuid_getvar ${uuid} svc_lead_id`)).toBe('lead-1');
    expect(await t.client.api(`uuid_setvar ${uuid} svc_lead_id lead-2`)).toBe('+OK\n');
    expect(await t.client.api(`uuid_getvar ${uuid} svc_lead_id`)).toBe('lead-2');
    expect(await t.client.api(`uuid_getvar ${uuid} nothing_here`)).toBe('_undef_');
    expect(await t.client.api(`uuid_kill ${uuid} USER_BUSY`)).toBe('+OK\n');
    const done = await t.client.waitEvent(complete(uuid));
    expect(h(done, 'Hangup-Cause')).toBe('USER_BUSY');
    expect(h(done, 'variable_hangup_cause_q850')).toBe('17');
  });

  it('null/ answers by itself and bridges with uuid_bridge', async () => {
    const a = (await t.client.api('originate null/one &park')).slice(4, -1);
    const b = (await t.client.api('originate {null_auto_answer_delay=500}null/two &park')).slice(4, -1);
    expect(await t.client.api(`uuid_bridge ${a} ${b}`)).toBe(`+OK ${b}\n`);
    const bridge = await t.client.waitEvent(named('CHANNEL_BRIDGE'));
    expect([h(bridge, 'Bridge-A-Unique-ID'), h(bridge, 'Bridge-B-Unique-ID')]).toEqual([a, b]);
    const calls = JSON.parse(await t.client.api('show calls as json')) as { row_count: number; rows: Array<Record<string, string>> };
    expect(calls.row_count).toBe(1);
    expect(calls.rows[0]!.b_uuid).toBe(b);
    expect(await t.client.api(`uuid_kill ${b}`)).toBe('+OK\n');
    await t.client.waitEvent(complete(a));
    expect(t.client.events().some(named('CHANNEL_UNBRIDGE'))).toBe(true);
    expect(await t.client.api('show channels as json')).toBe('{"row_count": 0}\n');
  });
});

describe('uuid_answer and uuid_record', () => {
  it('answers a ringing leg, records it with uuid_record into a mono WAV of the talk time (no RECORD_STEREO)', async () => {
    const job = await t.client.bgapi('originate {sim_outcome=MANUAL,sim_talk_ms=20000}sofia/gateway/carrier/15551230000 &park');
    const ringing = await t.client.waitEvent(named('CHANNEL_PROGRESS'));
    const uuid = h(ringing, 'Unique-ID')!;
    expect(await t.client.api(`uuid_answer ${uuid}`)).toBe('+OK\n');
    await t.client.waitEvent(named('BACKGROUND_JOB', (e) => h(e, 'Job-UUID') === job));
    expect(await t.client.api(`uuid_record ${uuid} start calls/${uuid}.wav`)).toBe('+OK Success\n');
    const stop = await t.client.waitEvent(named('RECORD_STOP'));
    const done = await t.client.waitEvent(complete(uuid));
    const info = parseWavHeader(readFileSync(h(stop, 'Record-File-Path')!));
    const ms = Number(h(done, 'variable_record_ms'));
    // from uuid_record to the far end's hangup 20 s after the answer (a few real ms of slack)
    expect(ms).toBeGreaterThan(15000);
    expect(ms).toBeLessThanOrEqual(20100);
    expect([info.channels, info.sampleRate, info.bitsPerSample, info.dataSize]).toEqual([1, 8000, 16, (2 * 8000 * ms) / 1000]);
    expect(await t.client.api(`uuid_record ${uuid} start x.wav`)).toBe('-ERR Cannot locate session!\n');
    expect(await t.client.api('uuid_answer 00000000-0000-0000-0000-000000000000')).toBe('-ERROR\n');
  });
});

describe('user/ endpoint', () => {
  it('fails like FreeSWITCH for unknown and unregistered users', async () => {
    expect(await t.client.api('originate user/1001@acme.pbx.localhost &park')).toBe('-ERR USER_NOT_REGISTERED\n');
    expect(await t.client.api('originate user/4444@acme.pbx.localhost &park')).toBe('-ERR SUBSCRIBER_ABSENT\n');
    t.sim.control.register({ user: '1002', domain: 'acme.pbx.localhost', password: 'secret', phone: { busy: true } });
    expect(await t.client.api('originate user/1002@acme.pbx.localhost &park')).toBe('-ERR USER_BUSY\n');
  });

  it('rings the registered phone until it is answered from the control surface', async () => {
    t.sim.control.register({ user: '1000', domain: 'acme.pbx.localhost', password: 'secret' });
    const job = await t.client.bgapi('originate {svc_call_id=x}user/1000@acme.pbx.localhost &park');
    const ringing = await t.client.waitEvent(named('CHANNEL_PROGRESS'));
    expect(h(ringing, 'variable_dialed_user')).toBe('1000');
    await sleep(30);
    expect(t.client.events().some(named('BACKGROUND_JOB'))).toBe(false);
    expect(t.sim.control.answer(h(ringing, 'Unique-ID')!)).toBe(true);
    const result = await t.client.waitEvent(named('BACKGROUND_JOB', (e) => h(e, 'Job-UUID') === job));
    expect(result.body).toBe(`+OK ${h(ringing, 'Unique-ID')}\n`);
    expect(await t.client.api(`uuid_getvar ${h(ringing, 'Unique-ID')} effective_caller_id_name`)).toBe('Alice');
    await t.client.api('hupall NORMAL_CLEARING');
  });
});

describe('dialplan for inbound calls', () => {
  it('DID → extension: bridges to the agent phone; only exported variables reach its leg', async () => {
    t.sim.control.register({ user: '1000', domain: 'acme.pbx.localhost', password: 'secret' });
    const uuid = t.sim.control.inbound({ did: '+15550001000', callerIdNumber: '+14155550100' });
    await t.client.waitEvent(named('CHANNEL_PROGRESS'));
    expect(t.sim.control.answer(uuid, '1000')).toBe(true);
    const bridge = await t.client.waitEvent(named('CHANNEL_BRIDGE'));
    expect(h(bridge, 'Unique-ID')).toBe(uuid);
    const agentLeg = h(bridge, 'Bridge-B-Unique-ID')!;
    expect(await t.client.api(`uuid_getvar ${agentLeg} svc_call_id`)).toBe(uuid);
    // svc_tenant_id is only `set` on the caller (not exported): a plain bridge does not carry it.
    expect(await t.client.api(`uuid_getvar ${agentLeg} svc_tenant_id`)).toBe('_undef_');
    expect(await t.client.api(`uuid_getvar ${uuid} svc_tenant_id`)).toBe('acme');
    expect(await t.client.api(`uuid_getvar ${agentLeg} export_vars`)).toBe('svc_call_id');
    expect(t.sim.control.hangup(agentLeg)).toBe(true);
    const done = await t.client.waitEvent(complete(uuid));
    expect(h(done, 'variable_sip_hangup_disposition')).toBe('send_bye');
    expect(h(done, 'Hangup-Cause')).toBe('NORMAL_CLEARING');
  });

  it('DID → IVR: digits from the control surface pick the branch', async () => {
    const hangupBranch = t.sim.control.inbound({ did: '15550003000', callerIdNumber: '+14155550101' });
    await t.client.waitEvent(named('CHANNEL_EXECUTE', (e) => h(e, 'Application') === 'play_and_get_digits' && h(e, 'Unique-ID') === hangupBranch));
    t.sim.control.dtmf(hangupBranch, '2');
    const done = await t.client.waitEvent(complete(hangupBranch));
    expect(h(done, 'variable_ivr_choice')).toBe('2');
    expect(h(done, 'variable_digits_dialed')).toBe('2');
    expect(t.client.events().some(named('DTMF', (e) => h(e, 'DTMF-Digit') === '2'))).toBe(true);

    const queueBranch = t.sim.control.inbound({ did: '15550003000', callerIdNumber: '+14155550102' });
    await until(() => t.client.events().some(named('CHANNEL_EXECUTE', (e) => h(e, 'Application') === 'play_and_get_digits' && h(e, 'Unique-ID') === queueBranch)));
    t.sim.control.dtmf(queueBranch, '1');
    const start = await t.client.waitEvent((e) => h(e, 'CC-Action') === 'member-queue-start' && h(e, 'Unique-ID') === queueBranch);
    expect(h(start, 'CC-Queue')).toBe('sales@acme');
    expect(h(start, 'Caller-Destination-Number')).toBe('15550002000');
    expect(h(start, 'Caller-Profile-Index')).toBe('3');
    t.sim.control.hangup(queueBranch);
    const end = await t.client.waitEvent((e) => h(e, 'CC-Action') === 'member-queue-end');
    expect([h(end, 'CC-Cause'), h(end, 'CC-Cancel-Reason')]).toEqual(['Cancel', 'BREAK_OUT']);
  });

  it('an unknown DID gets NO_ROUTE_DESTINATION', async () => {
    const uuid = t.sim.control.inbound({ did: '19999999999', callerIdNumber: '100' });
    expect(h(await t.client.waitEvent(complete(uuid)), 'Hangup-Cause')).toBe('NO_ROUTE_DESTINATION');
  });
});
