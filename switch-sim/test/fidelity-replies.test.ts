// Fidelity of replies and of the SIP registration events: 11_misc_replies.raw (api error replies,
// sofia status, show ... as json, callcenter_config queue list, reloadxml, hupall, uptime, status,
// exit) and 04/05 (sofia::pre_register, register_attempt, register, unregister; the registration
// list of `sofia status profile internal reg` and `show registrations as json`).
import { describe, expect, it } from 'vitest';
import { headerDiffs, pairEvents } from './compare.ts';
import { assertDeterministicValues } from './fidelity-asserts.ts';
import { fixtureEvents, fixtureMessages, get, isMessage, key } from './fixtures.ts';
import { registrationFlow } from './flows.ts';
import { harness } from './helpers.ts';
import { jsonPairs } from './esl-wire.ts';

const replies = fixtureMessages('11_misc_replies.raw').filter((m) => isMessage(m, 'api/response')).map((m) => m.body);

/** "Key<tab>value" lines → keys (the layout), with the line separators kept. */
const layout = (text: string): string[] => text.split('\n').map((line) => (line.includes('\t') ? line.slice(0, line.indexOf('\t') + 1) : line.replace(/\d+/g, 'N')));

describe('11_misc_replies', () => {
  it('gives the same replies to the same commands', async () => {
    const h = await harness();
    try {
      const api = (cmd: string): Promise<string> => h.client.api(cmd);
      expect(await api('nosuchcommand')).toBe(replies[0]);
      expect(await api('uuid_kill 5d0d3b5e-0000-4000-8000-000000000000')).toBe(replies[1]);
      expect(await api('originate user/1001@127.0.0.1 &park')).toBe(replies[2]);
      expect(await api('originate {sim_outcome=FAILED}sofia/gateway/carrier/5550000 &park')).toBe(replies[3]);
      const profile = await api('sofia status profile internal');
      expect(layout(profile)).toEqual(layout(replies[4]!));
      const fixed = (text: string): string[] => text.split('\n').filter((l) => /^(Name|Domain Name|Auto-NAT|DBName|Dialplan|Context|Challenge Realm|HOLD-MUSIC|OUTBOUND-PROXY|CODECS IN|CODECS OUT|TEL-EVENT|DTMF-MODE|CNG|SESSION-TO|MAX-DIALOG|MAX-RECV-RPS|NOMEDIA|LATE-NEG|PROXY-MEDIA|AGGRESSIVENAT|REGISTRATIONS)\s/.test(l));
      expect(fixed(profile)).toEqual(fixed(replies[4]!));
      expect(await api('show channels as json')).toBe(replies[5]);
      const queues = await api('callcenter_config queue list');
      const [header, row] = queues.split('\n');
      const [capHeader, capRow] = replies[6]!.split('\n');
      expect(header).toBe(capHeader);
      const counts = new Set([14, 15]);
      const fields = (line: string | undefined): string[] => (line ?? '').split('|').filter((_v, i) => !counts.has(i));
      expect(fields(row)).toEqual(fields(capRow));
      expect(queues.endsWith('+OK\n')).toBe(true);
      expect(await api('callcenter_config queue reload support@default')).toBe(replies[7]);
      expect(await api('reloadxml')).toBe(replies[8]);
      expect(await api('global_getvar local_ip_v4')).toBe(replies[9]);
      expect(await api('show calls as json')).toBe(replies[10]);
      expect(await api('hupall')).toBe(replies[11]);
      expect(await api('uptime')).toMatch(/^\d+\n$/);
      const status = await api('status');
      // numbers vary, and FreeSWITCH writes "1 second" but "2 seconds"
      const shape = (text: string): string[] => text.split('\n').map((l) => l.replace(/\d+(\.\d+)?/g, 'N').replace(/(year|day|hour|minute|second|millisecond|microsecond)s\b/g, '$1'));
      expect(shape(status)).toEqual(shape(replies[13]!));
    } finally {
      await h.close();
    }
  });
});

describe('04/05 SIP registration', () => {
  for (const [file, format] of [
    ['04_sofia_register_call_plain.raw', 'plain'],
    ['05_sofia_register_call_json.raw', 'json'],
  ] as const) {
    it(`${file}: register and unregister events`, async () => {
      const { events, regText, regJson } = await registrationFlow(format);
      const sofia = (list: typeof events): typeof events => list.filter((e) => (get(e, 'Event-Subclass') ?? '').startsWith('sofia::'));
      const theirs = sofia(fixtureEvents(file));
      const mine = sofia(events);
      const firstRegister = theirs.findIndex((e) => get(e, 'Event-Subclass') === 'sofia::register');
      const unregister = theirs.findIndex((e) => get(e, 'Event-Subclass') === 'sofia::unregister');
      const expected = [...theirs.slice(0, firstRegister + 1), ...theirs.slice(unregister - 2, unregister + 1)];
      expect(mine.map(key)).toEqual(expected.map(key));
      const pairs = mine.map((m, i) => ({ mine: m, theirs: expected[i]! }));
      expect(headerDiffs(pairs, 'exact')).toEqual([]);
      assertDeterministicValues(pairs);
      if (format === 'plain') {
        const capture = fixtureMessages(file).filter((m) => isMessage(m, 'api/response'));
        expect(layout(regText)).toEqual(layout(capture[0]!.body));
        expect(jsonPairs(regJson.slice(regJson.indexOf('[') + 1)).map(([k]) => k)).toEqual(jsonPairs(capture[1]!.body.slice(capture[1]!.body.indexOf('[') + 1)).map(([k]) => k));
      }
      expect(pairEvents(mine, theirs).length).toBeGreaterThan(0);
    });
  }
});
