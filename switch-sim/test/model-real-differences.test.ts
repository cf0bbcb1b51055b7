// What a real FreeSWITCH 1.10.12 does that the simulator used to hide (issue 9, part 0):
// mod_callcenter copies only the member's cc_export_vars to the agent leg (plus its own cc_*),
// agent-only callcenter::info events carry CC-Agent and nothing of a channel, and recordings are
// mono unless RECORD_STEREO is set on the recorded channel (RECORD_* read when recording starts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../src/media/wav.ts';
import { eventHeader as h } from './esl-client.ts';
import type { ParsedEvent } from './esl-wire.ts';
import { fixtureEvents, get } from './fixtures.ts';
import { harness, until, type Harness } from './helpers.ts';

let t: Harness;
beforeEach(async () => {
  t = await harness({ speed: 50, events: 'plain CHANNEL_ANSWER CHANNEL_HANGUP_COMPLETE RECORD_START RECORD_STOP CUSTOM callcenter::info' });
});
afterEach(async () => {
  await t.close();
});

const cc = (action: string, extra?: (e: ParsedEvent) => boolean) => (e: ParsedEvent) => h(e, 'CC-Action') === action && (extra?.(e) ?? true);
const named = (name: string, extra?: (e: ParsedEvent) => boolean) => (e: ParsedEvent) => h(e, 'Event-Name') === name && (extra?.(e) ?? true);

async function agent(name: string, ext: string, queue: string, contactPrefix = ''): Promise<void> {
  const api = (cmd: string): Promise<string> => t.client.api(cmd);
  expect(await api(`callcenter_config agent add ${name} callback`)).toBe('+OK\n');
  expect(await api(`callcenter_config agent set contact ${name} ${contactPrefix}user/${ext}@acme.pbx.localhost`)).toBe('+OK\n');
  expect(await api(`callcenter_config agent set status ${name} Available`)).toBe('+OK\n');
  expect(await api(`callcenter_config tier add ${queue} ${name} 1 1`)).toBe('+OK\n');
}

/** A DID call into a queue answered by extension 1000: the member's and the agent leg's uuids. */
async function queueCall(did: string): Promise<{ caller: string; agentLeg: string; start: ParsedEvent }> {
  t.sim.control.register({ user: '1000', domain: 'acme.pbx.localhost', password: 'secret' });
  const caller = t.sim.control.inbound({ did, callerIdNumber: '+14155550123', callerIdName: 'Bob' });
  await t.client.waitEvent(cc('agent-offering'));
  await until(() => t.sim.control.answer(caller, '1000'));
  const start = await t.client.waitEvent(cc('bridge-agent-start'));
  return { caller, agentLeg: h(start, 'CC-Agent-UUID')!, start };
}

const getvar = (uuid: string, name: string): Promise<string> => t.client.api(`uuid_getvar ${uuid} ${name}`);

/** The 16-bit samples of a WAV's data chunk (a 44-byte header), per channel. */
function samples(path: string, channels: number, frames: number): number[][] {
  const data = readFileSync(path);
  return Array.from({ length: frames }, (_, i) => Array.from({ length: channels }, (__, c) => data.readInt16LE(44 + (i * channels + c) * 2)));
}

describe('mod_callcenter: cc_export_vars', () => {
  it('the agent leg gets only what the member lists in cc_export_vars, the list itself and the module’s cc_* variables', async () => {
    await agent('1000@acme', '1000', 'sales@acme');
    const { caller, agentLeg, start } = await queueCall('15550002000');
    expect(await getvar(agentLeg, 'svc_tenant_id')).toBe('acme');
    // svc_call_id=${regex(${svc_call_id}|^$|${uuid})}: unset before, so the call's own uuid.
    expect(await getvar(caller, 'svc_call_id')).toBe(caller);
    expect(await getvar(agentLeg, 'svc_call_id')).toBe(caller);
    expect(await getvar(agentLeg, 'cc_export_vars')).toBe('svc_tenant_id,svc_call_id,svc_lead_id');
    // listed but unset on the member: skipped; set on the member but not listed: not copied
    expect(await getvar(agentLeg, 'svc_lead_id')).toBe('_undef_');
    expect(await getvar(caller, 'svc_unlisted')).toBe('kept-on-the-member');
    expect(await getvar(agentLeg, 'svc_unlisted')).toBe('_undef_');
    expect(await getvar(agentLeg, 'cc_queue')).toBe('sales@acme');
    expect(await getvar(agentLeg, 'cc_member_session_uuid')).toBe(caller);
    expect(await getvar(agentLeg, 'cc_member_uuid')).toBe(h(start, 'CC-Member-UUID'));
    expect(await getvar(agentLeg, 'cc_agent')).toBe('1000@acme');
    expect(await getvar(agentLeg, 'cc_agent_type')).toBe('callback');
    expect(await getvar(agentLeg, 'cc_side')).toBe('agent');
    // bridge-agent-start carries the agent leg's data, so its variables too
    expect(h(start, 'variable_svc_tenant_id')).toBe('acme');
    await t.client.api('hupall');
  });

  it('without cc_export_vars the agent leg carries no svc_* variable at all', async () => {
    await agent('1000@acme', '1000', 'sales@acme');
    const { caller, agentLeg, start } = await queueCall('15550004000');
    expect(await getvar(caller, 'svc_tenant_id')).toBe('acme');
    expect(await getvar(agentLeg, 'svc_tenant_id')).toBe('_undef_');
    expect(h(start, 'variable_svc_tenant_id')).toBeUndefined();
    const memberStart = t.client.events().find(cc('member-queue-start'))!;
    expect(h(memberStart, 'variable_svc_tenant_id')).toBe('acme');
    await t.client.api('hupall');
  });

  it('keeps an svc_call_id the channel already has (set by an originate), through ${regex(…)}', async () => {
    const uuid = (await t.client.api('originate {svc_call_id=preset-1}null/x &park')).slice(4, -1);
    expect(await t.client.api(`uuid_transfer ${uuid} 15550002000 XML public`)).toBe('+OK\n');
    await t.client.waitEvent(cc('member-queue-start', (e) => h(e, 'Unique-ID') === uuid));
    expect(await getvar(uuid, 'svc_call_id')).toBe('preset-1');
    await t.client.api('hupall');
  });
});

describe('callcenter::info agent events', () => {
  const AGENT_ONLY = ['Event-Name', 'Core-UUID', 'FreeSWITCH-Hostname', 'FreeSWITCH-Switchname', 'FreeSWITCH-IPv4', 'FreeSWITCH-IPv6', 'Event-Date-Local', 'Event-Date-GMT', 'Event-Date-Timestamp', 'Event-Calling-File', 'Event-Calling-Function', 'Event-Calling-Line-Number', 'Event-Sequence', 'Event-Subclass'];
  const names = (e: ParsedEvent) => e.headers.map(([name]) => name).filter((name) => !AGENT_ONLY.includes(name));

  it('carry exactly the CC-* headers of the real captures, no channel data and no svc_tenant_id', async () => {
    await agent('1000@acme', '1000', 'sales@acme');
    const { caller } = await queueCall('15550002000');
    await t.client.waitEvent(cc('agent-state-change', (e) => h(e, 'CC-Agent-State') === 'In a queue call'));
    t.sim.control.hangup(caller);
    await t.client.waitEvent(cc('agent-state-change', (e) => h(e, 'CC-Agent-State') === 'Waiting'));
    const real = fixtureEvents('08_sip_callcenter_ALL_plain.raw');
    for (const action of ['agent-status-change', 'agent-state-change']) {
      const theirs = real.find((e) => get(e, 'CC-Action') === action)!;
      const mine = t.client.events().filter(cc(action));
      expect(mine.length).toBeGreaterThan(0);
      for (const event of mine) {
        expect(names(event)).toEqual(names(theirs));
        expect(h(event, 'CC-Agent')).toBe('1000@acme');
        expect(h(event, 'variable_svc_tenant_id')).toBeUndefined();
        expect(h(event, 'Unique-ID')).toBeUndefined();
      }
    }
  });

  it('no answer at max-no-answer: agent-max-no-answer, the status change, bridge-agent-fail, then Waiting (source order)', async () => {
    t.sim.control.register({ user: '1000', domain: 'acme.pbx.localhost', password: 'secret' });
    await agent('1000@acme', '1000', 'sales@acme', '[leg_timeout=1]');
    expect(await t.client.api('callcenter_config agent set max_no_answer 1000@acme 1')).toBe('+OK\n');
    t.sim.control.inbound({ did: '15550004000', callerIdNumber: '100' });
    const max = await t.client.waitEvent(cc('agent-max-no-answer'), 8000);
    expect(names(max)).toEqual(['CC-Agent', 'CC-Action', 'CC-Agent-No-Answer-Count', 'CC-Agent-No-Answer-Status', 'CC-Member-UUID', 'CC-Member-Session-UUID']);
    expect([h(max, 'CC-Agent-No-Answer-Count'), h(max, 'CC-Agent-No-Answer-Status')]).toEqual(['1', 'On Break']);
    await until(() => {
      const events = t.client.events();
      return events.slice(events.findIndex(cc('bridge-agent-fail'))).some(cc('agent-state-change', (e) => h(e, 'CC-Agent-State') === 'Waiting'));
    });
    const order = t.client.events().filter((e) => ['agent-max-no-answer', 'agent-status-change', 'bridge-agent-fail', 'agent-state-change'].includes(h(e, 'CC-Action') ?? ''));
    const after = order.slice(order.findIndex(cc('agent-max-no-answer')));
    expect(after.slice(0, 4).map((e) => `${h(e, 'CC-Action')}:${h(e, 'CC-Agent-Status') ?? h(e, 'CC-Agent-State') ?? h(e, 'CC-Hangup-Cause')}`)).toEqual([
      'agent-max-no-answer:undefined',
      'agent-status-change:On Break',
      'bridge-agent-fail:ALLOTTED_TIMEOUT',
      'agent-state-change:Waiting',
    ]);
    await t.client.api('hupall');
  });

  it('agent set state_if_waiting moves only a Waiting, Available agent', async () => {
    await agent('1000@acme', '1000', 'sales@acme');
    expect(await t.client.api('callcenter_config agent set state_if_waiting 1000@acme Idle')).toBe('+OK\n');
    const change = await t.client.waitEvent(cc('agent-state-change', (e) => h(e, 'CC-Agent-State') === 'Idle'));
    expect(h(change, 'Event-Calling-Line-Number')).toBe('1162');
    expect(await t.client.api('callcenter_config agent set state_if_waiting 1000@acme Waiting')).toBe('-ERR Agent not found!\n');
  });
});

describe('recordings', () => {
  it('the file is whole on disk when RECORD_STOP is fired (record_callback closes it first), its size in record_file_size', async () => {
    await agent('1000@acme', '1000', 'sales@acme');
    const call = await queueCall('15550002000');
    let atStop: { size: number; riffSize: number } | null = null;
    const off = t.sim.model.bus.subscribe((event) => {
      if (event.name !== 'RECORD_STOP' || event.get('Unique-ID') !== call.caller) return;
      // Read in the event's own turn: nothing the simulator does afterwards may complete the file.
      const bytes = readFileSync(event.get('Record-File-Path')!);
      atStop = { size: bytes.length, riffSize: parseWavHeader(bytes).riffSize };
    });
    try {
      t.sim.control.hangup(call.caller);
      await t.client.waitEvent(named('RECORD_STOP', (e) => h(e, 'Unique-ID') === call.caller));
    } finally {
      off();
    }
    expect(atStop).not.toBeNull();
    expect(atStop!.riffSize).toBe(atStop!.size - 8);
    expect(atStop!.size).toBeGreaterThan(44);
    const stop = t.client.events().find(named('RECORD_STOP', (e) => h(e, 'Unique-ID') === call.caller))!;
    expect(h(stop, 'variable_record_file_size')).toBe(String(atStop!.size));
  });

  it('mono (both directions mixed) without RECORD_STEREO, stereo (one direction each) with it', async () => {
    await agent('1000@acme', '1000', 'sales@acme');
    const stereoCall = await queueCall('15550002000');
    t.sim.control.hangup(stereoCall.caller);
    await t.client.waitEvent(named('CHANNEL_HANGUP_COMPLETE', (e) => h(e, 'Unique-ID') === stereoCall.caller));
    await until(() => t.client.events().some(cc('agent-state-change', (e) => h(e, 'CC-Agent-State') === 'Waiting')));
    const monoCall = await queueCall('15550004000');
    t.sim.control.hangup(monoCall.caller);
    await t.client.waitEvent(named('CHANNEL_HANGUP_COMPLETE', (e) => h(e, 'Unique-ID') === monoCall.caller));
    const stop = (uuid: string) => t.client.events().find(named('RECORD_STOP', (e) => h(e, 'Unique-ID') === uuid))!;
    const stereoPath = h(stop(stereoCall.caller), 'Record-File-Path')!;
    const monoPath = h(stop(monoCall.caller), 'Record-File-Path')!;
    expect(stereoPath).toBe(t.sim.model.recorder.resolvePath(`queue-${stereoCall.caller}.wav`));
    expect(h(stop(monoCall.caller), 'Record-Completion-Cause')).toBe('success-silence');
    const stereo = parseWavHeader(readFileSync(stereoPath));
    const mono = parseWavHeader(readFileSync(monoPath));
    expect([stereo.channels, stereo.sampleRate, stereo.bitsPerSample, stereo.blockAlign, stereo.byteRate]).toEqual([2, 8000, 16, 4, 32000]);
    expect([mono.channels, mono.sampleRate, mono.bitsPerSample, mono.blockAlign, mono.byteRate]).toEqual([1, 8000, 16, 2, 16000]);
    expect(mono.riffSize).toBe(readFileSync(monoPath).length - 8);
    expect(stereo.riffSize).toBe(readFileSync(stereoPath).length - 8);
    // the mono file is the two directions of the stereo one added together
    const lr = samples(stereoPath, 2, 200);
    const m = samples(monoPath, 1, 200);
    for (let i = 0; i < 200; i++) expect(Math.abs(m[i]![0]! - (lr[i]![0]! + lr[i]![1]!))).toBeLessThanOrEqual(1);
    expect(lr.some(([left, right]) => left !== right)).toBe(true);
  });

  it('a queue record-template records the member from the agent’s answer, under the base folder when relative, spaces kept', async () => {
    await agent('1000@acme', '1000', 'recorded@acme');
    const { caller } = await queueCall('15550005000');
    const started = await t.client.waitEvent(named('RECORD_START', (e) => h(e, 'Unique-ID') === caller));
    const expected = t.sim.model.recorder.resolvePath(`templated dir/recorded@acme/${caller}.wav`);
    expect(h(started, 'Record-File-Path')).toBe(expected);
    expect(await getvar(caller, 'cc_record_filename')).toBe(`templated dir/recorded@acme/${caller}.wav`);
    t.sim.control.hangup(caller);
    await t.client.waitEvent(named('RECORD_STOP', (e) => h(e, 'Unique-ID') === caller));
    expect(parseWavHeader(readFileSync(expected)).channels).toBe(2);
  });

  it('sound_prefix places a relative path; a recording that got no audio leaves no file', async () => {
    const job = await t.client.bgapi('originate {sim_outcome=MANUAL}sofia/gateway/carrier/15551230000 &park');
    void job;
    const ringing = await until(() => [...t.sim.model.channels.values()].find((ch) => ch.isUp && !ch.answered));
    const prefix = t.sim.model.recorder.resolvePath('prefixed');
    expect(await t.client.api(`uuid_setvar ${ringing.uuid} sound_prefix ${prefix}`)).toBe('+OK\n');
    expect(await t.client.api(`uuid_record ${ringing.uuid} start early.wav 0 {RECORD_STEREO=true}`)).toBe('+OK Success\n');
    const started = await t.client.waitEvent(named('RECORD_START'));
    expect(h(started, 'Record-File-Path')).toBe(join(prefix, 'early.wav'));
    expect(h(started, 'Recording-Variable-RECORD_STEREO')).toBe('true');
    expect(await t.client.api(`uuid_record ${ringing.uuid} stop early.wav`)).toBe('+OK Success\n');
    const stopped = await t.client.waitEvent(named('RECORD_STOP'));
    expect(h(stopped, 'Record-Completion-Cause')).toBe('empty-file');
    expect(await getvar(ringing.uuid, 'RECORD_DISCARDED')).toBe('true');
    expect(existsSync(join(prefix, 'early.wav'))).toBe(false);
    await t.client.api('hupall');
  });

  it('uuid_record needs a path to stop (mod_commands), "all" in any case stops every recording, an empty path none (switch_ivr_stop_record_session)', async () => {
    void t.client.bgapi('originate {sim_outcome=MANUAL}sofia/gateway/carrier/15551230001 &park');
    const ringing = await until(() => [...t.sim.model.channels.values()].find((ch) => ch.isUp && !ch.answered));
    const dir = t.sim.model.recorder.resolvePath('two');
    for (const name of ['a.wav', 'b.wav']) expect(await t.client.api(`uuid_record ${ringing.uuid} start ${join(dir, name)}`)).toBe('+OK Success\n');
    expect(await t.client.api(`uuid_record ${ringing.uuid} stop`)).toBe('-USAGE: <uuid> [start|stop|mask|unmask] <path> [<limit>] [<recording_vars>]\n');
    expect(t.sim.model.recorder.stop(ringing, '')).toBe(false);
    expect(t.client.events().filter(named('RECORD_STOP', (e) => h(e, 'Unique-ID') === ringing.uuid))).toHaveLength(0);
    expect(await t.client.api(`uuid_record ${ringing.uuid} STOP ALL`)).toBe('+OK Success\n');
    await until(() => t.client.events().filter(named('RECORD_STOP', (e) => h(e, 'Unique-ID') === ringing.uuid)).length === 2 || undefined);
    expect(await t.client.api(`uuid_record ${ringing.uuid} stop all`)).toBe('-ERR Cannot stop record session!\n');
    await t.client.api('hupall');
  });
});

describe('mod_callcenter: a bridged queue call ends (as a real 1.10.12 does)', () => {
  // Seen on a real 1.10.12 (server/test/realswitch, the agent's phone sending BYE): the
  // member, bridged by uuid_bridge, is unbridged still answered, returns to CS_EXECUTE with nothing
  // left to run and hangs up NORMAL_CLEARING; its HANGUP_COMPLETE comes before the agent leg's.
  it('the agent hangs up: the member is unbridged still up, then hangs up itself before the agent leg completes', async () => {
    await t.client.command('event plain CHANNEL_UNBRIDGE CHANNEL_HANGUP CHANNEL_STATE');
    await agent('1000@acme', '1000', 'sales@acme');
    const { caller, agentLeg } = await queueCall('15550002000');
    const from = t.client.events().length;
    expect(t.sim.control.hangup(agentLeg)).toBe(true);
    await t.client.waitEvent(named('CHANNEL_HANGUP_COMPLETE', (e) => h(e, 'Unique-ID') === caller));
    await t.client.waitEvent(named('CHANNEL_HANGUP_COMPLETE', (e) => h(e, 'Unique-ID') === agentLeg));
    const leg = (e: ParsedEvent) => (h(e, 'Unique-ID') === caller ? 'member' : 'agent');
    const seen = t.client
      .events()
      .slice(from)
      .filter((e) => [caller, agentLeg].includes(h(e, 'Unique-ID') ?? '') && h(e, 'Event-Name')!.startsWith('CHANNEL_'))
      .filter((e) => h(e, 'Event-Name') !== 'CHANNEL_STATE' || ['CS_EXECUTE', 'CS_HANGUP', 'CS_REPORTING'].includes(h(e, 'Channel-State') ?? ''))
      .map((e) => [leg(e), h(e, 'Event-Name'), h(e, 'Channel-State'), h(e, 'Answer-State'), h(e, 'Hangup-Cause') ?? '-'].join(' '));
    expect(seen).toEqual([
      'agent CHANNEL_HANGUP CS_EXCHANGE_MEDIA hangup NORMAL_CLEARING',
      'member CHANNEL_UNBRIDGE CS_SOFT_EXECUTE answered -',
      'member CHANNEL_STATE CS_EXECUTE answered -',
      'agent CHANNEL_STATE CS_HANGUP hangup NORMAL_CLEARING',
      'member CHANNEL_HANGUP CS_EXECUTE hangup NORMAL_CLEARING',
      'member CHANNEL_STATE CS_HANGUP hangup NORMAL_CLEARING',
      'member CHANNEL_STATE CS_REPORTING hangup NORMAL_CLEARING',
      'member CHANNEL_HANGUP_COMPLETE CS_REPORTING hangup NORMAL_CLEARING',
      'agent CHANNEL_STATE CS_REPORTING hangup NORMAL_CLEARING',
      'agent CHANNEL_HANGUP_COMPLETE CS_REPORTING hangup NORMAL_CLEARING',
    ]);
    // mod_callcenter's end events come while both SIP sessions still exist (CS_REPORTING).
    const ends = [await t.client.waitEvent(cc('bridge-agent-end')), await t.client.waitEvent(cc('member-queue-end'))];
    expect(ends.map((e) => h(e, 'Channel-State'))).toEqual(['CS_REPORTING', 'CS_REPORTING']);
  });

  it('the caller hanging up: mod_callcenter’s end events still show both SIP sessions in CS_REPORTING', async () => {
    await agent('1000@acme', '1000', 'sales@acme');
    const { caller } = await queueCall('15550002000');
    expect(t.sim.control.hangup(caller)).toBe(true);
    const ends = [await t.client.waitEvent(cc('bridge-agent-end')), await t.client.waitEvent(cc('member-queue-end'))];
    expect(ends.map((e) => h(e, 'Channel-State'))).toEqual(['CS_REPORTING', 'CS_REPORTING']);
  });
});
