// Byte-exact event serialization: every captured sample, decoded and serialized again by the
// simulator's serializer, must give back the captured bytes (plain: URL encoding and layout,
// json: compact with duplicate keys and _body, xml: switch_xml_toxml's indentation).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameEvent, serializeJson, serializePlain, serializeXml } from '../src/esl/serialize.ts';
import { fsUrlDecode, fsUrlEncode } from '../src/esl/urlencode.ts';
import { SwitchEvent } from '../src/events/event.ts';
import { jsonPairs, WireParser } from './esl-wire.ts';
import { FIXTURES } from './fixtures.ts';

function sample(name: string): { raw: Buffer; body: string } {
  const raw = readFileSync(join(FIXTURES, 'samples', name));
  const [message] = new WireParser().push(raw);
  return { raw, body: message!.body };
}

function eventFrom(headers: Array<[string, string]>, body: string | undefined): SwitchEvent {
  const event = new SwitchEvent(headers.find(([k]) => k === 'Event-Name')?.[1] ?? 'CUSTOM');
  for (const [k, v] of headers) event.add(k, v);
  event.body = body;
  return event;
}

function fromPlain(text: string): SwitchEvent {
  const split = text.indexOf('\n\n');
  const lines = text.slice(0, split).split('\n');
  const headers = lines.map((line): [string, string] => [line.slice(0, line.indexOf(': ')), fsUrlDecode(line.slice(line.indexOf(': ') + 2))]);
  const length = headers.findIndex(([k]) => k === 'Content-Length');
  if (length < 0) return eventFrom(headers, undefined);
  return eventFrom(headers.slice(0, length), text.slice(split + 2));
}

const samples = readdirSync(join(FIXTURES, 'samples'));

describe('captured samples serialize back byte for byte', () => {
  it.each(samples.filter((f) => f.startsWith('plain_') && !f.includes('api_response')))('%s', (file) => {
    const { raw, body } = sample(file);
    const event = fromPlain(body);
    expect(serializePlain(event)).toBe(body);
    expect(frameEvent(event, 'plain').equals(raw)).toBe(true);
  });

  it.each(samples.filter((f) => f.startsWith('json_')))('%s', (file) => {
    const { raw, body } = sample(file);
    const pairs = jsonPairs(body);
    const bodyValue = pairs.find(([k]) => k === '_body')?.[1];
    const event = eventFrom(
      pairs.filter(([k]) => k !== '_body' && k !== 'Content-Length'),
      bodyValue,
    );
    expect(serializeJson(event)).toBe(body);
    expect(frameEvent(event, 'json').equals(raw)).toBe(true);
  });

  it.each(samples.filter((f) => f.startsWith('xml_')))('%s', (file) => {
    const { raw, body } = sample(file);
    const headers = [...body.matchAll(/^ {4}<([^>]+)>([^<]*)<\/\1>$/gm)].map((m): [string, string] => [m[1]!, fsUrlDecode(m[2]!)]);
    const bodyText = /<body>([\s\S]*?)\s*<\/body>/.exec(body)?.[1];
    const event = eventFrom(headers, bodyText === undefined ? undefined : `${bodyText}\n`);
    expect(serializeXml(event)).toBe(body);
    expect(frameEvent(event, 'xml').equals(raw)).toBe(true);
  });
});

describe('FreeSWITCH URL encoding', () => {
  it.each([
    ['2026-11-21 23:49:45', '2026-11-21%2023%3A49%3A45'],
    ['Sat, 21 Nov 2026 23:49:45 GMT', 'Sat,%2021%20Nov%202026%2023%3A49%3A45%20GMT'],
    ['"" <sip:1000-0x557439923a70@127.0.0.1:5070>', '%22%22%20%3Csip%3A1000-0x557439923a70%40127.0.0.1%3A5070%3E'],
    ['baresip v1.0.0 (x86_64/linux)', 'baresip%20v1.0.0%20(x86_64/linux)'],
    ['{origination_uuid=x,peers_tag=test2}loopback/9196 &park', '%7Borigination_uuid%3Dx,peers_tag%3Dtest2%7Dloopback/9196%20%26park'],
    ['fd00::2', 'fd00%3A%3A2'],
    ['a%41b', 'a%41b'],
    ['100%', '100%25'],
    ['é\n', '%C3%A9%0A'],
  ])('%j → %s', (value, encoded) => {
    expect(fsUrlEncode(value)).toBe(encoded);
  });

  it('writes empty values as _undef_ in plain and keeps them in json', () => {
    const event = new SwitchEvent('CUSTOM').add('Event-Name', 'CUSTOM').add('Empty', '');
    expect(serializePlain(event)).toBe('Event-Name: CUSTOM\nEmpty: _undef_\n\n');
    expect(serializeJson(event)).toBe('{"Event-Name":"CUSTOM","Empty":""}');
  });
});
