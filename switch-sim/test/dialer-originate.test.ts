// What the predictive dialer sends over the event socket, checked against FreeSWITCH's rules
// (mod_commands originate/uuid_* functions, switch_separate_string, switch_event_create_brackets,
// mod_loopback's null endpoint, mod_callcenter): the simulated answered call into a queue, the
// gateway call and its failures, abandonment (uuid_transfer inline, uuid_kill), reconciliation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventHeader as h } from './esl-client.ts';
import type { ParsedEvent } from './esl-wire.ts';
import { harness, until, type Harness } from './helpers.ts';

const SPEED = 50;
let t: Harness;
beforeEach(async () => {
  t = await harness({
    speed: SPEED,
    events: 'plain CHANNEL_CREATE CHANNEL_ANSWER CHANNEL_BRIDGE CHANNEL_HANGUP CHANNEL_HANGUP_COMPLETE CHANNEL_EXECUTE PLAYBACK_START PLAYBACK_STOP BACKGROUND_JOB CUSTOM callcenter::info',
  });
});
afterEach(async () => {
  await t.close();
});

const ids = {
  tenant: '11111111-1111-4111-8111-111111111111',
  call: '22222222-2222-4222-8222-222222222222',
  attempt: '33333333-3333-4333-8333-333333333333',
  campaign: '44444444-4444-4444-8444-444444444444',
  lead: '55555555-5555-4555-8555-555555555555',
  queue: '66666666-6666-4666-8666-666666666666',
  recording: '77777777-7777-4777-8777-777777777777',
};
const EXPORTS = 'svc_tenant_id,svc_call_id,svc_queue_id,svc_attempt_id,svc_campaign_id,svc_lead_id';

/** The {…} block the dialer sends; `exportList` and `cidName` as they appear on the wire. */
function dialVars(uuid: string, extra: string, cidName = "'Maria\\, Silva'", exportList = `'${EXPORTS.replaceAll(',', '\\,')}'`): string {
  return [
    `origination_uuid=${uuid}`,
    'origination_caller_id_number=+5511987654321',
    `origination_caller_id_name=${cidName}`,
    `svc_tenant_id=${ids.tenant}`,
    `svc_call_id=${ids.call}`,
    `svc_attempt_id=${ids.attempt}`,
    `svc_campaign_id=${ids.campaign}`,
    `svc_lead_id=${ids.lead}`,
    `svc_queue_id=${ids.queue}`,
    `svc_recording_id=${ids.recording}`,
    'RECORD_STEREO=true',
    `cc_export_vars=${exportList}`,
    extra,
  ].join(',');
}

const ev = (name: string, uuid?: string) => (e: ParsedEvent) => h(e, 'Event-Name') === name && (uuid === undefined || h(e, 'Unique-ID') === uuid);
const cc = (action: string, extra?: (e: ParsedEvent) => boolean) => (e: ParsedEvent) => h(e, 'CC-Action') === action && (extra?.(e) ?? true);
const job = (jobUuid: string) => (e: ParsedEvent) => h(e, 'Event-Name') === 'BACKGROUND_JOB' && h(e, 'Job-UUID') === jobUuid;
/** Position of the first event matching `p` in the stream (-1 when absent). */
const indexOf = (p: (e: ParsedEvent) => boolean): number => t.client.events().findIndex(p);

async function agent(name: string, contact: string, queue = 'sales@acme'): Promise<void> {
  const api = (cmd: string): Promise<string> => t.client.api(cmd);
  expect(await api(`callcenter_config agent add ${name} callback`)).toBe('+OK\n');
  expect(await api(`callcenter_config agent set contact ${name} ${contact}`)).toBe('+OK\n');
  expect(await api(`callcenter_config agent set status ${name} Available`)).toBe('+OK\n');
  expect(await api(`callcenter_config tier add ${queue} ${name} 1 1`)).toBe('+OK\n');
}

describe('originate argument parsing (switch_separate_string + switch_event_create_brackets)', () => {
  it("api originate strips the quotes before the {} block is split: 'Maria, Silva' loses everything after the comma", async () => {
    const uuid = 'aaaaaaaa-0000-4000-8000-000000000001';
    const reply = await t.client.api(`originate {${dialVars(uuid, 'null_auto_answer_delay=0', "'Maria, Silva'", `'${EXPORTS}'`)}}null/+5511987654321 &park`);
    expect(reply).toBe(`+OK ${uuid}\n`);
    expect(await t.client.api(`uuid_getvar ${uuid} origination_caller_id_name`)).toBe('Maria');
    expect(await t.client.api(`uuid_getvar ${uuid} cc_export_vars`)).toBe('svc_tenant_id');
    const create = await t.client.waitEvent(ev('CHANNEL_CREATE', uuid));
    expect(h(create, 'Caller-Caller-ID-Name')).toBe('Maria');
  });

  it('a backslash keeps the comma and quotes keep the space: the values arrive whole', async () => {
    const uuid = 'aaaaaaaa-0000-4000-8000-000000000002';
    expect(await t.client.api(`originate {${dialVars(uuid, 'null_auto_answer_delay=0')}}null/+5511987654321 &park`)).toBe(`+OK ${uuid}\n`);
    expect(await t.client.api(`uuid_getvar ${uuid} origination_caller_id_name`)).toBe('Maria, Silva');
    expect(await t.client.api(`uuid_getvar ${uuid} cc_export_vars`)).toBe(EXPORTS);
    const create = await t.client.waitEvent(ev('CHANNEL_CREATE', uuid));
    expect([h(create, 'Caller-Caller-ID-Name'), h(create, 'Caller-Caller-ID-Number')]).toEqual(['Maria, Silva', '+5511987654321']);
  });

  it('^^: picks another separator for the {} block', async () => {
    const uuid = 'aaaaaaaa-0000-4000-8000-000000000003';
    expect(await t.client.api(`originate {^^:origination_uuid=${uuid}:origination_caller_id_name='Maria, Silva':cc_export_vars=${EXPORTS}}null/1 &park`)).toBe(`+OK ${uuid}\n`);
    expect(await t.client.api(`uuid_getvar ${uuid} origination_caller_id_name`)).toBe('Maria, Silva');
    expect(await t.client.api(`uuid_getvar ${uuid} cc_export_vars`)).toBe(EXPORTS);
  });

  it('an unquoted space splits the command: more than 7 arguments is the usage text', async () => {
    const reply = await t.client.api('originate {origination_caller_id_name=Maria Silva a b c d e}null/1 &park');
    expect(reply).toBe('-USAGE: <call url> <exten>|&<application_name>(<app_args>) [<dialplan>] [<context>] [<cid_name>] [<cid_num>] [<timeout_sec>]\n');
  });
});

describe('simulation mode: null/ customer leg into the campaign queue', () => {
  it('answers after null_auto_answer_delay, +OK only then, queues, bridges to the agent with the exported svc_* variables', async () => {
    const { client } = t;
    await agent('a1@acme', '[leg_timeout=10,null_auto_answer_delay=200]null/agent-a1');
    const uuid = 'bbbbbbbb-0000-4000-8000-000000000001';
    const jobUuid = await client.bgapi(`originate {${dialVars(uuid, 'null_auto_answer_delay=1500,originate_timeout=30')}}null/+5511987654321 &callcenter(sales@acme)`);
    const done = await client.waitEvent(job(jobUuid));
    expect(done.body).toBe(`+OK ${uuid}\n`);
    expect(h(done, 'Job-Command')).toBe('originate');
    // originate waits for the answer: CHANNEL_ANSWER comes before the job's result
    const answer = await client.waitEvent(ev('CHANNEL_ANSWER', uuid));
    expect(indexOf(ev('CHANNEL_ANSWER', uuid))).toBeLessThan(indexOf(job(jobUuid)));
    const waited = Number(h(answer, 'Caller-Channel-Answered-Time')) - Number(h(answer, 'Caller-Channel-Created-Time'));
    expect(waited).toBeGreaterThanOrEqual(1_500_000);
    expect(waited).toBeLessThan(3_000_000);
    for (const name of ['CHANNEL_CREATE', 'CHANNEL_ANSWER']) {
      const e = await client.waitEvent(ev(name, uuid));
      expect([h(e, 'Channel-Name'), h(e, 'variable_svc_call_id'), h(e, 'variable_svc_attempt_id'), h(e, 'variable_svc_recording_id')]).toEqual([
        'null/+5511987654321',
        ids.call,
        ids.attempt,
        ids.recording,
      ]);
    }

    // an originated leg that runs an application flips its caller id (switch_channel_sort_cid):
    // it shows the callee id, "Outbound Call" and the dialled number, unless origination_callee_id_* say otherwise
    const start = await client.waitEvent(cc('member-queue-start'));
    expect([h(start, 'CC-Queue'), h(start, 'CC-Member-Session-UUID'), h(start, 'Unique-ID'), h(start, 'CC-Member-CID-Name'), h(start, 'CC-Member-CID-Number')]).toEqual([
      'sales@acme',
      uuid,
      uuid,
      'Outbound Call',
      '+5511987654321',
    ]);
    expect(h(start, 'variable_svc_campaign_id')).toBe(ids.campaign);

    const bridged = await client.waitEvent(cc('bridge-agent-start'));
    const agentUuid = h(bridged, 'CC-Agent-UUID')!;
    expect([h(bridged, 'CC-Agent'), h(bridged, 'CC-Member-Session-UUID'), h(bridged, 'Unique-ID')]).toEqual(['a1@acme', uuid, agentUuid]);
    const bridge = await client.waitEvent(ev('CHANNEL_BRIDGE', uuid));
    expect([h(bridge, 'Bridge-A-Unique-ID'), h(bridge, 'Bridge-B-Unique-ID'), h(bridge, 'variable_svc_lead_id')]).toEqual([uuid, agentUuid, ids.lead]);

    // the agent leg: what cc_export_vars lists (and the list), nothing else
    expect(await client.api(`uuid_getvar ${agentUuid} svc_call_id`)).toBe(ids.call);
    expect(await client.api(`uuid_getvar ${agentUuid} svc_queue_id`)).toBe(ids.queue);
    expect(await client.api(`uuid_getvar ${agentUuid} cc_member_session_uuid`)).toBe(uuid);
    expect(await client.api(`uuid_getvar ${agentUuid} svc_recording_id`)).toBe('_undef_');
    expect(await client.api(`uuid_exists ${uuid}`)).toBe('true');

    // the agent hangs up: the member channel ends too
    expect(await client.api(`uuid_kill ${agentUuid}`)).toBe('+OK\n');
    const memberEnd = await client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
    expect([h(memberEnd, 'Hangup-Cause'), h(memberEnd, 'variable_svc_call_id'), h(memberEnd, 'variable_cc_cause')]).toEqual(['NORMAL_CLEARING', ids.call, 'answered']);
    const agentEnd = await client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', agentUuid));
    expect([h(agentEnd, 'Hangup-Cause'), h(agentEnd, 'variable_svc_tenant_id')]).toEqual(['NORMAL_CLEARING', ids.tenant]);
    const end = await client.waitEvent(cc('member-queue-end'));
    expect([h(end, 'CC-Cause'), h(end, 'CC-Member-Session-UUID'), h(end, 'CC-Agent-UUID')]).toEqual(['Terminated', uuid, agentUuid]);
    expect(await client.api(`uuid_exists ${uuid}`)).toBe('false');
  });

  it("the customer's talk time: execute_on_answer='sched_hangup +20 NORMAL_CLEARING' ends the bridged call 20 s after the answer", async () => {
    const { client } = t;
    await agent('a1@acme', '[null_auto_answer_delay=100]null/agent-a1');
    const uuid = 'bbbbbbbb-0000-4000-8000-000000000005';
    const jobUuid = await client.bgapi(`originate {${dialVars(uuid, "execute_on_answer='sched_hangup +20 NORMAL_CLEARING',null_auto_answer_delay=500")}}null/+5511987654321 &callcenter(sales@acme)`);
    expect((await client.waitEvent(job(jobUuid))).body).toBe(`+OK ${uuid}\n`);
    const bridged = await client.waitEvent(cc('bridge-agent-start'));
    const agentUuid = h(bridged, 'CC-Agent-UUID')!;
    const hup = await client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid), 5000);
    expect(h(hup, 'Hangup-Cause')).toBe('NORMAL_CLEARING');
    const talked = Number(h(hup, 'Caller-Channel-Hangup-Time')) - Number(h(hup, 'Caller-Channel-Answered-Time'));
    expect(talked).toBeGreaterThanOrEqual(20_000_000);
    expect(talked).toBeLessThan(22_000_000);
    expect(h(await client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', agentUuid)), 'Hangup-Cause')).toBe('NORMAL_CLEARING');
    const execs = client.events().filter((e) => h(e, 'Event-Name') === 'CHANNEL_EXECUTE' && h(e, 'Unique-ID') === uuid).map((e) => h(e, 'Application'));
    expect(execs.slice(0, 2)).toEqual(['sched_hangup', 'callcenter']);
    expect(h(await client.waitEvent(cc('member-queue-end')), 'CC-Cause')).toBe('Terminated');
  });

  it('origination_callee_id_name/number decide what the member (and the agent) see as caller id', async () => {
    await agent('a1@acme', '[null_auto_answer_delay=100]null/agent-a1');
    const uuid = 'bbbbbbbb-0000-4000-8000-000000000004';
    const jobUuid = await t.client.bgapi(
      `originate {${dialVars(uuid, "origination_callee_id_name='Maria\\, Silva',origination_callee_id_number=+5511987654321,null_auto_answer_delay=100")}}null/5511987654321 &callcenter(sales@acme)`,
    );
    expect((await t.client.waitEvent(job(jobUuid))).body).toBe(`+OK ${uuid}\n`);
    const start = await t.client.waitEvent(cc('member-queue-start'));
    expect([h(start, 'CC-Member-CID-Name'), h(start, 'CC-Member-CID-Number')]).toEqual(['Maria, Silva', '+5511987654321']);
    const offering = await t.client.waitEvent(cc('agent-offering'));
    expect([h(offering, 'CC-Member-CID-Name'), h(offering, 'CC-Member-CID-Number')]).toEqual(['Maria, Silva', '+5511987654321']);
    await t.client.api('hupall');
  });

  it('null_enable_auto_answer=false never answers: -ERR NO_ANSWER at originate_timeout', async () => {
    const uuid = 'bbbbbbbb-0000-4000-8000-000000000002';
    const jobUuid = await t.client.bgapi(`originate {origination_uuid=${uuid},null_enable_auto_answer=false,originate_timeout=2}null/1 &callcenter(sales@acme)`);
    const done = await t.client.waitEvent(job(jobUuid));
    expect(done.body).toBe('-ERR NO_ANSWER\n');
    const hup = await t.client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
    expect(h(hup, 'Hangup-Cause')).toBe('NO_ANSWER');
    expect(indexOf(cc('member-queue-start'))).toBe(-1);
  });

  it('null_auto_answer_delay is capped at 60000 ms like mod_loopback', async () => {
    const uuid = 'bbbbbbbb-0000-4000-8000-000000000003';
    const jobUuid = await t.client.bgapi(`originate {origination_uuid=${uuid},null_auto_answer_delay=900000,originate_timeout=120}null/1 &park`);
    const done = await t.client.waitEvent(job(jobUuid), 5000);
    expect(done.body).toBe(`+OK ${uuid}\n`);
    const answer = await t.client.waitEvent(ev('CHANNEL_ANSWER', uuid));
    const waited = Number(h(answer, 'Caller-Channel-Answered-Time')) - Number(h(answer, 'Caller-Channel-Created-Time'));
    expect(waited).toBeGreaterThanOrEqual(60_000_000);
    expect(waited).toBeLessThan(62_000_000);
  });
});

describe('real outbound: sofia/gateway/<gw>/<number> with the far end from the outcome model', () => {
  const gw = (uuid: string, extra: string) => `originate {${dialVars(uuid, extra)}}sofia/gateway/carrier/5511987654321 &callcenter(sales@acme)`;

  it.each([
    ['sim_outcome=BUSY,sim_ring_ms=500', '-ERR USER_BUSY\n', 'USER_BUSY'],
    ['sim_outcome=FAILED,sim_fail_cause=NORMAL_TEMPORARY_FAILURE', '-ERR NORMAL_TEMPORARY_FAILURE\n', 'NORMAL_TEMPORARY_FAILURE'],
    ['sim_outcome=UNALLOCATED_NUMBER', '-ERR UNALLOCATED_NUMBER\n', 'UNALLOCATED_NUMBER'],
    ['sim_outcome=REJECT', '-ERR CALL_REJECTED\n', 'CALL_REJECTED'],
  ])('%s → %j', async (vars, body, cause) => {
    const uuid = 'cccccccc-0000-4000-8000-000000000001';
    const jobUuid = await t.client.bgapi(gw(uuid, `${vars},originate_timeout=30`));
    expect((await t.client.waitEvent(job(jobUuid))).body).toBe(body);
    const hup = await t.client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
    expect([h(hup, 'Hangup-Cause'), h(hup, 'variable_svc_attempt_id')]).toEqual([cause, ids.attempt]);
    expect(indexOf(cc('member-queue-start'))).toBe(-1);
  });

  it('NO_ANSWER rings until originate_timeout, then -ERR NO_ANSWER', async () => {
    const uuid = 'cccccccc-0000-4000-8000-000000000002';
    const jobUuid = await t.client.bgapi(gw(uuid, 'sim_outcome=NO_ANSWER,originate_timeout=3'));
    const done = await t.client.waitEvent(job(jobUuid));
    expect(done.body).toBe('-ERR NO_ANSWER\n');
    const hup = await t.client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
    expect(h(hup, 'Hangup-Cause')).toBe('NO_ANSWER');
    const rang = Number(h(hup, 'Caller-Channel-Hangup-Time')) - Number(h(hup, 'Caller-Channel-Created-Time'));
    expect(rang).toBeGreaterThanOrEqual(3_000_000);
    expect(rang).toBeLessThan(4_000_000);
  });

  it('a control-surface rule decides when the call carries no sim_outcome', async () => {
    t.sim.model.outcomes.add({ destination: '5511987654321', outcome: 'BUSY', times: 1 });
    const jobUuid = await t.client.bgapi(gw('cccccccc-0000-4000-8000-000000000003', 'originate_timeout=30'));
    expect((await t.client.waitEvent(job(jobUuid))).body).toBe('-ERR USER_BUSY\n');
  });

  it('ANSWER → +OK <uuid> after the answer, and the member enters the queue', async () => {
    const uuid = 'cccccccc-0000-4000-8000-000000000004';
    const jobUuid = await t.client.bgapi(gw(uuid, 'sim_outcome=ANSWER,sim_ring_ms=2000,originate_timeout=30'));
    const done = await t.client.waitEvent(job(jobUuid));
    expect(done.body).toBe(`+OK ${uuid}\n`);
    expect(indexOf(ev('CHANNEL_ANSWER', uuid))).toBeLessThan(indexOf(job(jobUuid)));
    const start = await t.client.waitEvent(cc('member-queue-start'));
    expect([h(start, 'CC-Member-Session-UUID'), h(start, 'Channel-Name'), h(start, 'variable_svc_call_id'), h(start, 'variable_sip_gateway_name')]).toEqual([
      uuid,
      'sofia/external/5511987654321',
      ids.call,
      'carrier',
    ]);
    expect(await t.client.api(`uuid_kill ${uuid} NORMAL_CLEARING`)).toBe('+OK\n');
    const end = await t.client.waitEvent(cc('member-queue-end'));
    expect([h(end, 'CC-Cause'), h(end, 'CC-Cancel-Reason')]).toEqual(['Cancel', 'BREAK_OUT']);
  });

  it('an unknown gateway fails at once: -ERR INVALID_GATEWAY', async () => {
    const jobUuid = await t.client.bgapi(`originate {origination_uuid=cccccccc-0000-4000-8000-000000000005}sofia/gateway/nope/5511987654321 &callcenter(sales@acme)`);
    expect((await t.client.waitEvent(job(jobUuid))).body).toBe('-ERR INVALID_GATEWAY\n');
  });
});

describe('abandonment: the answered customer nobody took', () => {
  async function queued(uuid: string): Promise<void> {
    const jobUuid = await t.client.bgapi(`originate {${dialVars(uuid, 'null_auto_answer_delay=0,originate_timeout=30')}}null/+5511987654321 &callcenter(sales@acme)`);
    expect((await t.client.waitEvent(job(jobUuid))).body).toBe(`+OK ${uuid}\n`);
    await t.client.waitEvent(cc('member-queue-start', (e) => h(e, 'CC-Member-Session-UUID') === uuid));
  }

  it("uuid_transfer <uuid> 'playback:…,hangup:NORMAL_CLEARING' inline: leaves the queue (BREAK_OUT), plays, hangs up", async () => {
    const uuid = 'dddddddd-0000-4000-8000-000000000001';
    // an agent being offered the call (it never answers): the cancel hangs its leg up
    await agent('slow@acme', '[null_enable_auto_answer=false]null/slow');
    await queued(uuid);
    const offering = await t.client.waitEvent(cc('agent-offering'));
    expect(h(offering, 'CC-Member-Session-UUID')).toBe(uuid);
    const reply = await t.client.api(`uuid_transfer ${uuid} 'playback:ivr/ivr-call_being_transferred.wav,hangup:NORMAL_CLEARING' inline`);
    expect(reply).toBe('+OK\n');
    const end = await t.client.waitEvent(cc('member-queue-end'));
    expect([h(end, 'CC-Cause'), h(end, 'CC-Cancel-Reason'), h(end, 'CC-Member-Session-UUID'), h(end, 'variable_svc_call_id')]).toEqual(['Cancel', 'BREAK_OUT', uuid, ids.call]);
    const fail = await t.client.waitEvent(cc('bridge-agent-fail'));
    expect([h(fail, 'CC-Agent'), h(fail, 'CC-Hangup-Cause')]).toEqual(['slow@acme', 'ORIGINATOR_CANCEL']);
    const prompt = (name: string) => (e: ParsedEvent) => ev(name, uuid)(e) && h(e, 'Playback-File-Path') === 'ivr/ivr-call_being_transferred.wav';
    await t.client.waitEvent(prompt('PLAYBACK_START'));
    await t.client.waitEvent(prompt('PLAYBACK_STOP'));
    const hup = await t.client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
    expect([h(hup, 'Hangup-Cause'), h(hup, 'variable_cc_cause'), h(hup, 'variable_cc_cancel_reason'), h(hup, 'Caller-Dialplan')]).toEqual(['NORMAL_CLEARING', 'cancel', 'BREAK_OUT', 'inline']);
    expect(h(hup, 'variable_transfer_source')).toMatch(/^\d+:[0-9a-f-]{36}:bl_xfer:playback:ivr\/ivr-call_being_transferred\.wav,hangup:NORMAL_CLEARING\/default\/inline$/);
    // order: the queue is left before anything of the inline dialplan runs
    const execs = t.client.events().filter((e) => h(e, 'Event-Name') === 'CHANNEL_EXECUTE' && h(e, 'Unique-ID') === uuid).map((e) => h(e, 'Application'));
    expect(execs).toEqual(['callcenter', 'playback', 'hangup']);
    expect(indexOf(cc('member-queue-end'))).toBeLessThan(indexOf(prompt('PLAYBACK_START')));
  });

  it('a tenant file by absolute path: played when it is there; when it is not, no PLAYBACK_START, FILE NOT FOUND, and the hangup still runs', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'sim-sounds-'));
    try {
      const present = path.join(folder, 'abandon-present.wav');
      writeFileSync(present, 'RIFF');
      const missing = path.join(folder, 'abandon-missing.wav');
      for (const [uuid, file] of [
        ['dddddddd-0000-4000-8000-000000000011', present],
        ['dddddddd-0000-4000-8000-000000000012', missing],
      ] as const) {
        await queued(uuid);
        expect(await t.client.api(`uuid_transfer ${uuid} 'playback:${file},hangup:NORMAL_CLEARING' inline`)).toBe('+OK\n');
        const hup = await t.client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
        expect(h(hup, 'Hangup-Cause')).toBe('NORMAL_CLEARING');
        const started = t.client.events().filter((e) => ev('PLAYBACK_START', uuid)(e) && h(e, 'Playback-File-Path') === file);
        expect(started).toHaveLength(file === present ? 1 : 0);
        expect(h(hup, 'variable_current_application_response')).toBe(file === present ? 'FILE PLAYED' : 'FILE NOT FOUND');
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('uuid_kill <uuid> NORMAL_CLEARING: +OK, member-queue-end BREAK_OUT, Hangup-Cause NORMAL_CLEARING; again: -ERR No such channel!', async () => {
    const uuid = 'dddddddd-0000-4000-8000-000000000002';
    await queued(uuid);
    expect(await t.client.api(`uuid_kill ${uuid} NORMAL_CLEARING`)).toBe('+OK\n');
    const end = await t.client.waitEvent(cc('member-queue-end'));
    expect([h(end, 'CC-Cause'), h(end, 'CC-Cancel-Reason')]).toEqual(['Cancel', 'BREAK_OUT']);
    const hup = await t.client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
    expect(h(hup, 'Hangup-Cause')).toBe('NORMAL_CLEARING');
    expect(await t.client.api(`uuid_kill ${uuid} NORMAL_CLEARING`)).toBe('-ERR No such channel!\n');
  });

  it('uuid_transfer argument errors are those of transfer_function', async () => {
    expect(await t.client.api('uuid_transfer')).toBe('-USAGE: <uuid> [-bleg|-both] <dest-exten> [<dialplan>] [<context>]\n');
    expect(await t.client.api('uuid_transfer only-one')).toBe('-USAGE: <uuid> [-bleg|-both] <dest-exten> [<dialplan>] [<context>]\n');
    expect(await t.client.api('uuid_transfer 00000000-0000-0000-0000-000000000000 hangup inline')).toBe('-ERR No such channel!\n');
  });
});

describe('correlation', () => {
  it('bgapi takes the Job-UUID the dialer gives; a reused origination_uuid is ignored (the leg keeps a fresh uuid)', async () => {
    const uuid = 'ffffffff-0000-4000-8000-000000000001';
    const jobUuid = 'ffffffff-0000-4000-8000-0000000abc01';
    t.client.write(`bgapi originate {origination_uuid=${uuid},null_auto_answer_delay=0}null/1 &park\nJob-UUID: ${jobUuid}\n\n`);
    const reply = await t.client.next((m) => m.headers.some(([k]) => k === 'Reply-Text'));
    expect(reply.headers).toContainEqual(['Reply-Text', `+OK Job-UUID: ${jobUuid}`]);
    const done = await t.client.waitEvent(job(jobUuid));
    expect([done.body, h(done, 'Job-Command'), h(done, 'Job-Command-Arg')]).toEqual([`+OK ${uuid}\n`, 'originate', `{origination_uuid=${uuid},null_auto_answer_delay=0}null/1 &park`]);
    // switch_core_session_set_uuid refuses a uuid in use: the second call proceeds under another one
    const again = await t.client.api(`originate {origination_uuid=${uuid}}null/2 &park`);
    expect(again).toMatch(/^\+OK [0-9a-f-]{36}\n$/);
    expect(again).not.toBe(`+OK ${uuid}\n`);
    await t.client.api('hupall');
  });
});

describe('reconciliation at start-up', () => {
  it('uuid_exists answers true/false with no line break; show channels like finds by uuid or number, without variables', async () => {
    const uuid = 'eeeeeeee-0000-4000-8000-000000000001';
    expect(await t.client.api(`originate {${dialVars(uuid, 'null_auto_answer_delay=0')}}null/+5511987654321 &park`)).toBe(`+OK ${uuid}\n`);
    expect(await t.client.api(`uuid_exists ${uuid}`)).toBe('true');
    expect(await t.client.api('uuid_exists eeeeeeee-0000-4000-8000-000000000009')).toBe('false');
    expect(await t.client.api('uuid_exists')).toBe('false');
    const like = JSON.parse(await t.client.api(`show channels like ${uuid} as json`)) as { row_count: number; rows: Array<Record<string, string>> };
    expect(like.row_count).toBe(1);
    expect(like.rows[0]!.uuid).toBe(uuid);
    expect(Object.keys(like.rows[0]!).some((k) => k.startsWith('svc_') || k.startsWith('variable_'))).toBe(false);
    expect((JSON.parse(await t.client.api('show channels like 5511987654321 as json')) as { row_count: number }).row_count).toBe(1);
    expect(await t.client.api('show channels like nothing-like-this as json')).toBe('{"row_count": 0}\n');
    // what is on a channel comes from uuid_getvar / uuid_dump
    expect(await t.client.api(`uuid_getvar ${uuid} svc_attempt_id`)).toBe(ids.attempt);
    expect(await t.client.api(`hupall MANAGER_REQUEST svc_campaign_id ${ids.campaign}`)).toBe(`+OK hangup all channels matching [svc_campaign_id]=[${ids.campaign}] with cause: MANAGER_REQUEST\n`);
    const hup = await t.client.waitEvent(ev('CHANNEL_HANGUP_COMPLETE', uuid));
    expect(h(hup, 'Hangup-Cause')).toBe('MANAGER_REQUEST');
    await until(() => !t.sim.model.channels.has(uuid));
    expect(await t.client.api(`uuid_exists ${uuid}`)).toBe('false');
  });
});
