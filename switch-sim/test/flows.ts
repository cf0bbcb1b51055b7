// The captured scenarios, replayed against the simulator with the commands the captures show
// (their API events name them): loopback park/echo, mod_callcenter with a null / loopback /
// registered SIP agent, SIP registration.
import type { ParsedEvent } from './esl-wire.ts';
import { harness, sleep, until } from './helpers.ts';
import { get } from './fixtures.ts';

export const QUEUE_EVENTS = 'CHANNEL_CREATE CHANNEL_ANSWER CHANNEL_BRIDGE CHANNEL_UNBRIDGE CHANNEL_HANGUP_COMPLETE BACKGROUND_JOB CUSTOM callcenter::info';
const SIP_JSON_EVENTS =
  'CHANNEL_CREATE CHANNEL_PROGRESS CHANNEL_ANSWER CHANNEL_BRIDGE CHANNEL_UNBRIDGE CHANNEL_HANGUP CHANNEL_HANGUP_COMPLETE CHANNEL_DESTROY BACKGROUND_JOB CUSTOM sofia::register sofia::unregister callcenter::info';

const hasEvent = (events: ParsedEvent[], name: string, extra?: (e: ParsedEvent) => boolean): boolean =>
  events.some((e) => get(e, 'Event-Name') === name && (extra?.(e) ?? true));

/** 01/02: originate a loopback call to an extension, look at it, kill it. */
export async function loopbackFlow(format: 'plain' | 'json', extension: 'peers_park' | '9196', viaBgapi: boolean): Promise<ParsedEvent[]> {
  const h = await harness({ events: `${format} ALL` });
  try {
    const uuid = '11111111-2222-3333-4444-555555555555';
    const vars = extension === 'peers_park' ? `{origination_uuid=${uuid},origination_caller_id_number=5551000,peers_tag=test1}` : `{origination_uuid=${uuid},peers_tag=test2}`;
    if (viaBgapi) {
      await h.client.bgapi(`originate ${vars}loopback/${extension} &park`);
      await h.client.waitEvent((e) => get(e, 'Event-Name') === 'BACKGROUND_JOB');
    } else {
      await h.client.api(`originate ${vars}loopback/${extension} &park`);
    }
    await until(() => hasEvent(h.client.events(), 'CHANNEL_PARK', (e) => get(e, 'Unique-ID') === uuid));
    await h.client.api('show channels as json');
    if (viaBgapi) await h.client.api('show calls as json');
    await h.client.api(viaBgapi ? `uuid_getvar ${uuid} peers_tag` : `uuid_dump ${uuid} json`);
    await h.client.api(viaBgapi ? `uuid_kill ${uuid} NORMAL_CLEARING` : `uuid_kill ${uuid}`);
    await until(() => h.client.events().filter((e) => get(e, 'Event-Name') === 'CHANNEL_DESTROY').length === 2);
    await sleep(20);
    return h.client.events();
  } finally {
    await h.close();
  }
}

export type AgentKind = 'null' | 'loopback' | 'sip';

/** 06/07/08/09: an agent, a tier, a caller queued through loopback/peers_queue, then hangup. */
export async function callcenterFlow(agent: AgentKind, events: string): Promise<ParsedEvent[]> {
  const h = await harness({ events });
  try {
    const { client, sim } = h;
    if (agent === 'sip') {
      sim.control.register({ user: '1000', domain: '127.0.0.1', password: '1234', expires: 60, userAgent: 'baresip v1.0.0 (x86_64/linux)', phone: { autoAnswerMs: 20 } });
      if (events.includes('ALL')) await client.api('show registrations as json');
    }
    const contact = { null: '[leg_timeout=10,null_auto_answer_delay=1000]null/agent1000', loopback: '[leg_timeout=10]loopback/peers_agent', sip: '[leg_timeout=10]user/1000@127.0.0.1' }[agent];
    await client.api('callcenter_config agent add 1000@default callback');
    await client.api(`callcenter_config agent set contact 1000@default ${contact}`);
    await client.api('callcenter_config agent set status 1000@default Available');
    if (agent !== 'sip') await client.api('callcenter_config agent set state 1000@default Waiting');
    await client.api('callcenter_config tier add support@default 1000@default 1 1');
    const uuid = 'df913350-4a0b-4f26-ad17-d395923d3370';
    await client.bgapi(`originate {origination_uuid=${uuid},origination_caller_id_number=5551234,origination_caller_id_name=PeersCaller}loopback/peers_queue &park`);
    const agentAnswered = (e: ParsedEvent): boolean => get(e, 'Event-Name') === 'CHANNEL_ANSWER' && /^(null|sofia|loopback\/peers_agent-b)/.test(get(e, 'Channel-Name') ?? '');
    await until(() => client.events().some(agentAnswered), 8000);
    if (agent !== 'loopback') await until(() => client.events().some((e) => get(e, 'CC-Agent-State') === 'In a queue call'));
    await client.api('callcenter_config queue list members support@default');
    await client.api('callcenter_config agent list');
    await client.api('show channels as json');
    await client.api('show calls as json');
    await client.api(`uuid_kill ${uuid}`);
    await until(() => client.events().some((e) => get(e, 'CC-Action') === 'member-queue-end'));
    await sleep(50);
    await client.api(agent === 'loopback' ? 'callcenter_config agent set status 1000@default Logged Out' : "callcenter_config agent set status 1000@default 'Logged Out'");
    await client.api('callcenter_config tier del support@default 1000@default');
    await client.api('callcenter_config agent del 1000@default');
    if (agent === 'sip') sim.control.unregister('1000', '127.0.0.1');
    await sleep(30);
    return client.events();
  } finally {
    await h.close();
  }
}

export const SIP_JSON = SIP_JSON_EVENTS;

/** 04/05: a phone registers, re-registers and unregisters. */
export async function registrationFlow(format: 'plain' | 'json'): Promise<{ events: ParsedEvent[]; regText: string; regJson: string }> {
  const h = await harness({ events: `${format} CUSTOM sofia::pre_register sofia::register_attempt sofia::register sofia::unregister` });
  try {
    h.sim.control.register({ user: '1000', domain: '127.0.0.1', password: '1234', expires: 60, userAgent: 'baresip v1.0.0 (x86_64/linux)' });
    await until(() => h.client.events().some((e) => get(e, 'Event-Subclass') === 'sofia::register'));
    const regText = await h.client.api('sofia status profile internal reg');
    const regJson = await h.client.api('show registrations as json');
    h.sim.control.unregister('1000', '127.0.0.1');
    await until(() => h.client.events().some((e) => get(e, 'Event-Subclass') === 'sofia::unregister'));
    return { events: h.client.events(), regText, regJson };
  } finally {
    await h.close();
  }
}
