// mod_callcenter model with registered phones: ring-all offering and bridge, wrap-up time,
// round-robin, no-answer (bridge-agent-fail, max-no-answer → On Break), the recording of a
// queued call as a real WAV, and the callcenter_config listings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../src/media/wav.ts';
import { eventHeader as h } from './esl-client.ts';
import type { ParsedEvent } from './esl-wire.ts';
import { harness, sleep, until, type Harness } from './helpers.ts';

let t: Harness;
beforeEach(async () => {
  t = await harness({ speed: 50, events: 'plain CHANNEL_CREATE CHANNEL_ANSWER CHANNEL_BRIDGE CHANNEL_HANGUP_COMPLETE RECORD_STOP CUSTOM callcenter::info' });
});
afterEach(async () => {
  await t.close();
});

const cc = (action: string, extra?: (e: ParsedEvent) => boolean) => (e: ParsedEvent) => h(e, 'CC-Action') === action && (extra?.(e) ?? true);
const actions = (): string[] => t.client.events().filter((e) => h(e, 'Event-Subclass') === 'callcenter::info').map((e) => `${h(e, 'CC-Action')}${h(e, 'CC-Agent') ? `:${h(e, 'CC-Agent')}` : ''}`);

async function agent(name: string, ext: string, queue: string, extra = ''): Promise<void> {
  const api = (cmd: string): Promise<string> => t.client.api(cmd);
  expect(await api(`callcenter_config agent add ${name} callback`)).toBe('+OK\n');
  expect(await api(`callcenter_config agent set contact ${name} ${extra}user/${ext}@acme.pbx.localhost`)).toBe('+OK\n');
  expect(await api(`callcenter_config agent set status ${name} Available`)).toBe('+OK\n');
  expect(await api(`callcenter_config tier add ${queue} ${name} 1 1`)).toBe('+OK\n');
}

describe('ring-all queue with SIP agents', () => {
  it('offers every agent, bridges the one who answers, records the call, wraps up', async () => {
    const { sim, client } = t;
    for (const ext of ['1000', '1001']) sim.control.register({ user: ext, domain: 'acme.pbx.localhost', password: 'secret' });
    await agent('1000@acme', '1000', 'sales@acme');
    await agent('1001@acme', '1001', 'sales@acme');
    expect(await client.api('callcenter_config agent set wrap_up_time 1001@acme 600')).toBe('+OK\n');
    const caller = sim.control.inbound({ did: '15550002000', callerIdNumber: '+14155550123', callerIdName: 'Bob' });
    await client.waitEvent(cc('member-queue-start'));
    await until(() => client.events().filter(cc('agent-offering')).length === 2);
    await until(() => client.events().filter((e) => h(e, 'Event-Name') === 'CHANNEL_CREATE' && (h(e, 'Channel-Name') ?? '').startsWith('sofia/internal/')).length === 2);
    expect(sim.control.answer(caller, '1001')).toBe(true);
    const start = await client.waitEvent(cc('bridge-agent-start'));
    expect(h(start, 'CC-Agent')).toBe('1001@acme');
    expect(h(start, 'variable_svc_tenant_id')).toBe('acme');
    const fail = await client.waitEvent(cc('bridge-agent-fail'));
    expect([h(fail, 'CC-Agent'), h(fail, 'CC-Hangup-Cause')]).toEqual(['1000@acme', 'LOSE_RACE']);
    await client.waitEvent(cc('agent-state-change', (e) => h(e, 'CC-Agent-State') === 'In a queue call'));
    expect(await client.api('callcenter_config agent get state 1001@acme')).toBe('In a queue call');
    const members = await client.api('callcenter_config queue list members sales@acme');
    expect(members.split('\n')[1]).toMatch(/^sales@acme\|single_box\|[0-9a-f-]{36}\|[0-9a-f-]{36}\|\+14155550123\|Bob\|.*\|1001@acme\|single_box\|Answered\|\d+$/);
    await sleep(2000 / 50);
    sim.control.hangup(caller);
    const end = await client.waitEvent(cc('member-queue-end'));
    expect([h(end, 'CC-Cause'), h(end, 'CC-Agent'), h(end, 'CC-Hangup-Cause')]).toEqual(['Terminated', '1001@acme', 'SUCCESS']);
    await client.waitEvent(cc('agent-state-change', (e) => h(e, 'CC-Agent') === '1001@acme' && h(e, 'CC-Agent-State') === 'Waiting'));
    expect(actions()).toEqual(
      expect.arrayContaining(['member-queue-start', 'members-count', 'agent-offering:1000@acme', 'agent-offering:1001@acme', 'bridge-agent-start:1001@acme', 'bridge-agent-end:1001@acme', 'member-queue-end:1001@acme']),
    );
    const list = await client.api('callcenter_config agent list 1001@acme');
    const row = list.split('\n')[1]!.split('|');
    expect(row[17]).toBe('1'); // calls_answered
    expect(Number(row[13])).toBeGreaterThan(Math.floor(Date.now() / 1000) - 10); // last_bridge_end: the wrap-up counts from it

    // wrap-up: the next caller is offered to 1000 only
    const second = sim.control.inbound({ did: '15550002000', callerIdNumber: '+14155550124' });
    await until(() => client.events().filter(cc('agent-offering')).length === 3);
    await sleep(30);
    expect(client.events().filter(cc('agent-offering')).map((e) => h(e, 'CC-Agent'))).toEqual(['1000@acme', '1001@acme', '1000@acme']);
    sim.control.hangup(second);
    await until(() => client.events().filter(cc('member-queue-end')).length === 2);
    expect(h(client.events().filter(cc('member-queue-end'))[1]!, 'CC-Cancel-Reason')).toBe('BREAK_OUT');

    // the recording of the first call: a stereo 8 kHz 16-bit WAV as long as the recording ran
    const stop = client.events().find((e) => h(e, 'Event-Name') === 'RECORD_STOP' && h(e, 'Unique-ID') === caller)!;
    const done = client.events().find((e) => h(e, 'Event-Name') === 'CHANNEL_HANGUP_COMPLETE' && h(e, 'Unique-ID') === caller)!;
    const path = h(stop, 'Record-File-Path')!;
    expect(path).toBe(join(sim.model.recorder.resolvePath(`queue-${caller}.wav`)));
    const wav = parseWavHeader(readFileSync(path));
    const ms = Number(h(done, 'variable_record_ms'));
    expect(ms).toBeGreaterThan(1500);
    expect(wav).toEqual({ audioFormat: 1, channels: 2, sampleRate: 8000, byteRate: 32000, blockAlign: 4, bitsPerSample: 16, dataSize: (4 * 8000 * ms) / 1000, riffSize: 36 + (4 * 8000 * ms) / 1000 });
  });
});

describe('agent failures and strategies', () => {
  it('no answer: bridge-agent-fail ALLOTTED_TIMEOUT (the contact’s leg_timeout), then On Break after max_no_answer', async () => {
    const { sim, client } = t;
    sim.control.register({ user: '1000', domain: 'acme.pbx.localhost', password: 'secret' });
    await agent('1000@acme', '1000', 'rr@acme', '[leg_timeout=2]');
    expect(await client.api('callcenter_config agent set max_no_answer 1000@acme 1')).toBe('+OK\n');
    const caller = sim.control.inbound({ did: '15550002000', callerIdNumber: '100', context: 'public' });
    void caller;
    await client.api('callcenter_config tier add sales@acme 1000@acme 1 1');
    const fail = await client.waitEvent(cc('bridge-agent-fail'), 8000);
    expect(h(fail, 'CC-Hangup-Cause')).toBe('ALLOTTED_TIMEOUT');
    const brk = await client.waitEvent(cc('agent-status-change', (e) => h(e, 'CC-Agent-Status') === 'On Break'));
    expect(h(brk, 'CC-Agent')).toBe('1000@acme');
    expect(await client.api('callcenter_config agent get status 1000@acme')).toBe('On Break');
    expect(await client.api('callcenter_config agent set status 1000@acme Sleeping')).toBe('-ERR Invalid Agent Status!\n');
    await client.api('hupall');
  });

  it('round-robin alternates between agents', async () => {
    const { sim, client } = t;
    for (const ext of ['1000', '1001']) sim.control.register({ user: ext, domain: 'acme.pbx.localhost', password: 'secret', phone: { autoAnswerMs: 10 } });
    await agent('a@acme', '1000', 'rr@acme');
    await agent('b@acme', '1001', 'rr@acme');
    expect(await client.api('callcenter_config tier set position rr@acme b@acme 2')).toBe('+OK\n');
    for (let i = 0; i < 3; i++) {
      const uuid = (await client.api(`originate {origination_caller_id_number=20${i}}loopback/queue-rr/public &park`)).slice(4, -1);
      await until(() => client.events().filter(cc('bridge-agent-start')).length === i + 1);
      await client.api(`uuid_kill ${uuid}`);
      await until(() => client.events().filter(cc('agent-state-change', (e) => h(e, 'CC-Agent-State') === 'Waiting')).length === i + 1);
    }
    expect(client.events().filter(cc('bridge-agent-start')).map((e) => h(e, 'CC-Agent'))).toEqual(['a@acme', 'b@acme', 'a@acme']);
  });

  it('callcenter_config errors and listings', async () => {
    const api = (cmd: string): Promise<string> => t.client.api(cmd);
    expect(await api('callcenter_config agent add x@acme callback')).toBe('+OK\n');
    expect(await api('callcenter_config agent add x@acme callback')).toBe('-ERR Agent already exist!\n');
    expect(await api('callcenter_config agent add y@acme phone')).toBe('-ERR Agent type invalid!\n');
    expect(await api('callcenter_config agent set state x@acme Dancing')).toBe('-ERR Invalid Agent State!\n');
    expect(await api('callcenter_config agent set colour x@acme red')).toBe('-ERR Invalid Agent Update KEY!\n');
    expect(await api('callcenter_config agent set status nobody@acme Available')).toBe('-ERR Agent not found!\n');
    expect(await api('callcenter_config tier add nosuch@queue x@acme')).toBe('-ERR Queue not found!\n');
    expect(await api('callcenter_config tier add sales@acme x@acme 2 3')).toBe('+OK\n');
    expect(await api('callcenter_config tier add sales@acme x@acme')).toBe('-ERR Tier already exist!\n');
    expect(await api('callcenter_config tier list')).toBe('queue|agent|state|level|position\nsales@acme|x@acme|Ready|2|3\n+OK\n');
    expect(await api('callcenter_config tier set state sales@acme x@acme Standby')).toBe('+OK\n');
    expect(await api('callcenter_config queue list tiers sales@acme')).toBe('queue|agent|state|level|position\nsales@acme|x@acme|Standby|2|3\n+OK\n');
    expect(await api('callcenter_config queue load nosuch@queue')).toBe('-ERR Invalid Queue not found!\n');
    expect(await api('callcenter_config queue count')).toBe('4\n');
    expect(await api('callcenter_config queue unload rr@acme')).toBe('+OK\n');
    expect(await api('callcenter_config queue count')).toBe('3\n');
    // get_queue(): a queue in the configuration but not loaded is loaded by its first use.
    expect(await api('callcenter_config tier add rr@acme x@acme')).toBe('+OK\n');
    expect(await api('callcenter_config queue count')).toBe('4\n');
    expect(await api('callcenter_config tier set level sales@acme nobody@acme 2')).toBe('-ERR Unknown Error!\n');
    expect(await api('callcenter_config queue list members sales@acme')).toBe('+OK\n');
    expect(await api('callcenter_config agent del x@acme')).toBe('+OK\n');
    expect(await api('callcenter_config tier list')).toBe('+OK\n');
    expect(await api('callcenter_config agent')).toBe('-ERR Invalid!\n');
  });
});
