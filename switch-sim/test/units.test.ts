// Small units: WAV writer/reader, the XML reader's FreeSWITCH error messages, dial strings,
// the CLI's mapping to the control API.
import { describe, expect, it } from 'vitest';
import { formatCalls, parseArgs, toRequest } from '../src/cli.ts';
import { ScaledClock } from '../src/clock.ts';
import { parseXml, XmlError } from '../src/config/xml.ts';
import { parseDialString, separateArgs } from '../src/core/dialstring.ts';
import { parseWavHeader, wavBuffer } from '../src/media/wav.ts';

describe('WAV', () => {
  it('writes RIFF/WAVE PCM 16-bit stereo 8 kHz with consistent sizes', () => {
    const buffer = wavBuffer(2.5);
    const info = parseWavHeader(buffer);
    expect(info).toEqual({ audioFormat: 1, channels: 2, sampleRate: 8000, byteRate: 32000, blockAlign: 4, bitsPerSample: 16, dataSize: 4 * 8000 * 2.5, riffSize: 36 + 4 * 8000 * 2.5 });
    expect(buffer.length).toBe(44 + 80000);
    expect(buffer.readInt16LE(44 + 4 * 10)).not.toBe(0);
  });

  it('writes a mono file of both directions mixed, at another valid rate, with consistent sizes', () => {
    const buffer = wavBuffer(1, { channels: [['read', 'write']], sampleRate: 16000 });
    const info = parseWavHeader(buffer);
    expect(info).toEqual({ audioFormat: 1, channels: 1, sampleRate: 16000, byteRate: 32000, blockAlign: 2, bitsPerSample: 16, dataSize: 32000, riffSize: 36 + 32000 });
    const left = wavBuffer(1, { channels: [['read']], sampleRate: 16000 });
    const right = wavBuffer(1, { channels: [['write']], sampleRate: 16000 });
    for (const i of [3, 50, 777]) expect(Math.abs(buffer.readInt16LE(44 + 2 * i) - left.readInt16LE(44 + 2 * i) - right.readInt16LE(44 + 2 * i))).toBeLessThanOrEqual(1);
  });
});

describe('XML reader', () => {
  it.each([
    ['<a><b></a>', '[error near line 1]: unexpected closing tag </a>'],
    ['<a>\n<b>', '[error near line 2]: unclosed tag <b>'],
    ['', '[error near line 1]: root tag missing'],
    ['<a/><b/>', '[error near line 1]: markup outside of root element'],
    ['<a>\n<!-- x', '[error near line 2]: unclosed <!--'],
    ['<a x="1></a>', '[error near line 1]: missing "'],
  ])('%j → %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(new XmlError(message));
  });

  it('reads attributes, entities, CDATA and text', () => {
    const root = parseXml('<?xml version="1.0"?><r a="1 &amp; 2"><c><![CDATA[<x>]]></c>t&lt;</r>');
    expect(root.attrs.a).toBe('1 & 2');
    expect(root.children[0]!.text).toBe('<x>');
    expect(root.text).toBe('t<');
  });
});

describe('dial strings', () => {
  it('splits global and per-leg variables, simultaneous and failover legs', () => {
    expect(parseDialString("{a=1,b='x,y'}[leg_timeout=10]user/1000@d,sofia/gateway/gw/1|loopback/9196")).toEqual({
      globalVars: [
        ['a', '1'],
        ['b', 'x,y'],
      ],
      groups: [
        [
          { target: 'user/1000@d', vars: [['leg_timeout', '10']] },
          { target: 'sofia/gateway/gw/1', vars: [] },
        ],
        [{ target: 'loopback/9196', vars: [] }],
      ],
    });
    // switch_separate_string on ' ' knows quotes, not braces, and strips the quotes it kept together.
    expect(separateArgs("{a=b c}loopback/1 &park 'XML' default")).toEqual(['{a=b', 'c}loopback/1', '&park', 'XML', 'default']);
    expect(separateArgs("{a='b, c',d=e\\,f}loopback/1  &park")).toEqual(['{a=b, c,d=e\\,f}loopback/1', '&park']);
    expect(separateArgs('a b c d', 2)).toEqual(['a', 'b c d']);
    expect(parseDialString('{a=b\\,c,d=e=f,junk}{g=1}null/x').globalVars).toEqual([
      ['a', 'b,c'],
      ['d', 'e=f'],
      ['g', '1'],
    ]);
  });
});

describe('CLI', () => {
  it('maps client commands to control requests', () => {
    const parsed = parseArgs(['register', '1000@acme.pbx.localhost', 'secret', '--control', 'http://x:1']);
    expect(parsed.flags.get('control')).toBe('http://x:1');
    expect(toRequest(parsed.command, parsed.args)).toEqual({ method: 'POST', path: '/phones/register', body: { user: '1000', domain: 'acme.pbx.localhost', password: 'secret', expires: undefined } });
    expect(toRequest('answer', ['u-1', '1000'])).toEqual({ method: 'POST', path: '/calls/u-1/answer', body: { extension: '1000' } });
    expect(toRequest('state', [])).toEqual({ method: 'GET', path: '/state' });
    expect(toRequest('nope', [])).toBeUndefined();
    expect(toRequest('calls', [])).toEqual({ method: 'GET', path: '/state' });
  });

  it('lists channels one per line for the calls command', () => {
    const lines = formatCalls({
      channels: [
        { uuid: 'u-1', name: 'sofia/external/5511987650000@127.0.0.1', callState: 'ACTIVE', callerIdNumber: '5511987650000', destination: '551130001000' },
        { uuid: 'u-2', name: 'sofia/internal/1001@127.0.0.1:5070', callState: 'RINGING' },
      ],
    }).split('\n');
    expect(lines).toEqual([
      'u-1  ACTIVE    sofia/external/5511987650000@127.0.0.1  5511987650000 -> 551130001000',
      'u-2  RINGING   sofia/internal/1001@127.0.0.1:5070   -> ',
    ]);
    expect(formatCalls({ channels: [] })).toBe('no channels');
  });
});

describe('simulated clock', () => {
  it('runs a timer at the simulated time it was due, even when the host runs it late', async () => {
    const clock = new ScaledClock(20);
    const start = clock.nowMicros();
    const fired = new Promise<number>((resolve) => clock.after(1000, () => resolve(clock.nowMicros())));
    // Hold the event loop for 150 real ms: 3000 simulated ms past the timer's 50 real ms.
    const until = performance.now() + 150;
    while (performance.now() < until);
    const at = await fired;
    expect((at - start) / 1000).toBeGreaterThanOrEqual(1000);
    expect((at - start) / 1000).toBeLessThan(1010);
    // Outside the callback the clock tells the real simulated time again.
    expect((clock.nowMicros() - start) / 1000).toBeGreaterThan(3000);
  });
});
