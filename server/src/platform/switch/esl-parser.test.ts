import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EslParser, toSwitchEvent, type EslMessage } from './esl-parser.ts';

const FIXTURES = new URL('../../../../fixtures/freeswitch-1.10.12/', import.meta.url);
const raw = (name: string) => readFileSync(new URL(name, FIXTURES));

function parseAll(bytes: Buffer, chunkSize = bytes.length): EslMessage[] {
  const parser = new EslParser();
  const messages: EslMessage[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) messages.push(...parser.push(bytes.subarray(offset, offset + chunkSize)));
  return messages;
}

describe('EslParser on real FreeSWITCH captures', () => {
  const captures = readdirSync(FIXTURES).filter((name) => name.endsWith('.raw'));

  it.each(captures)('frames %s the same whatever the TCP chunking', (name) => {
    const bytes = raw(name);
    const whole = parseAll(bytes);
    expect(whole.length).toBeGreaterThan(0);
    expect(parseAll(bytes, 7)).toEqual(whole);
    expect(parseAll(bytes, 1000)).toEqual(whole);
  });

  it('decodes plain events: URL-encoded values, CUSTOM subclass', () => {
    const events = parseAll(raw('04_sofia_register_call_plain.raw')).map(toSwitchEvent).filter((event) => event !== null);
    const register = events.find((event) => event.subclass === 'sofia::register')!;
    expect(register.name).toBe('CUSTOM');
    expect(register.headers['from-user']).toBe('1000');
    expect(register.headers.contact).toContain('<sip:1000-');
    expect(register.headers['Event-Date-Local']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('decodes json events the same way as plain ones', () => {
    const plain = parseAll(raw('06_callcenter_plain.raw')).map(toSwitchEvent).filter((event) => event !== null);
    const json = parseAll(raw('07_callcenter_json.raw')).map(toSwitchEvent).filter((event) => event !== null);
    const actions = (events: typeof plain) =>
      events.filter((event) => event.subclass === 'callcenter::info').map((event) => event.headers['CC-Action']);
    expect(actions(plain)).toContain('bridge-agent-start');
    expect(new Set(actions(json))).toEqual(new Set(actions(plain)));
  });

  it('drops NUL characters a caller put in its caller id (PostgreSQL would refuse the call), plain and json', () => {
    const plainBody = 'Event-Name: CHANNEL_CREATE\nCaller-Caller-ID-Name: Cliente%00Mal\nUnique-ID: a\n\n';
    const plain = toSwitchEvent({ headers: { 'Content-Type': 'text/event-plain' }, body: plainBody })!;
    expect(plain.headers['Caller-Caller-ID-Name']).toBe('ClienteMal');
    const jsonBody = JSON.stringify({ 'Event-Name': 'CHANNEL_CREATE', 'Caller-Caller-ID-Number': '11\u00009', 'Unique-ID': 'a' });
    const json = toSwitchEvent({ headers: { 'Content-Type': 'text/event-json' }, body: jsonBody })!;
    expect(json.headers['Caller-Caller-ID-Number']).toBe('119');
  });

  it('reads a BACKGROUND_JOB result from the event body', () => {
    for (const file of ['samples/plain_BACKGROUND_JOB.txt', 'samples/json_BACKGROUND_JOB.txt']) {
      const [message] = parseAll(raw(file));
      const event = toSwitchEvent(message!)!;
      expect(event.name).toBe('BACKGROUND_JOB');
      expect(event.headers['Job-UUID']).toMatch(/^[0-9a-f-]{36}$/);
      expect(event.body).toMatch(/^(\+OK|-ERR)/);
    }
  });

  it('parses command replies, api responses and the disconnect notice', () => {
    const messages = parseAll(raw('11_misc_replies.raw'));
    expect(messages[0]!.headers['Content-Type']).toBe('auth/request');
    expect(messages[1]!.headers['Reply-Text']).toBe('+OK accepted');
    expect(messages.find((message) => message.body.startsWith('-ERR nosuchcommand'))).toBeDefined();
    expect(messages.at(-1)!.headers['Content-Type']).toBe('text/disconnect-notice');
    const refused = parseAll(raw('12_auth_fail.raw'));
    expect(refused[1]!.headers['Reply-Text']).toBe('-ERR invalid');
  });
});
