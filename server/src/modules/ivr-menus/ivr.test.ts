import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../../../../switch-sim/src/config/xml.ts';
import { ENCODING_TRICKS } from '../../platform/switch/encoding-tricks.test-support.ts';
import { compileIvrMenu } from './ivr.compiler.ts';
import { bodyProblems, contextFromName } from './ivr-menus.service.ts';
import { readWav } from './wav.ts';
import { tinyWav } from './wav.test-support.ts';

describe('readWav', () => {
  const problem = (data: Buffer) => {
    const read = readWav(data);
    return 'problem' in read ? read.problem : null;
  };
  /** tinyWav with one 32-bit header field overwritten. */
  const patched = (offset: number, value: number, wav = tinyWav()) => {
    wav.writeUInt32LE(value, offset);
    return wav;
  };

  it('accepts the supported formats, extra chunks included', () => {
    expect(readWav(tinyWav())).toEqual({ format: { formatTag: 1, channels: 1, sampleRate: 8000, bitsPerSample: 16, dataBytes: 160 } });
    for (const sampleRate of [16000, 32000, 48000]) expect(problem(tinyWav(10, { sampleRate, channels: 2 }))).toBeNull();
    for (const formatTag of [6, 7]) expect(problem(tinyWav(10, { formatTag, bitsPerSample: 8 }))).toBeNull();
    const wav = tinyWav();
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
    const withList = Buffer.concat([wav.subarray(0, 12), list, wav.subarray(12)]);
    withList.writeUInt32LE(withList.length - 8, 4);
    expect(problem(withList)).toBeNull();
  });

  it('refuses MP3, text, truncated and look-alike files', () => {
    expect(problem(Buffer.concat([Buffer.from('ID3\u0004\u0000'), Buffer.alloc(100)]))).toMatch(/not a WAV/);
    expect(problem(Buffer.from('just some text pretending to be a wav file, long enough to pass'))).toMatch(/not a WAV/);
    expect(problem(tinyWav().subarray(0, 30))).toMatch(/not a WAV/);
    const riffAvi = tinyWav();
    riffAvi.write('AVI ', 8, 'ascii');
    expect(problem(riffAvi)).toMatch(/not a WAV/);
    const noFmt = tinyWav();
    noFmt.write('junk', 12, 'ascii');
    expect(problem(noFmt)).toMatch(/data before its fmt/);
  });

  it('refuses sizes that do not match the file', () => {
    expect(problem(patched(40, 0xffffffff))).toMatch(/"data" chunk larger than the file/); // 4 GB of data, 160 bytes present
    expect(problem(patched(4, 0xffffffff))).toMatch(/RIFF size/);
    expect(problem(patched(16, 0xffff0000))).toMatch(/"fmt " chunk larger/);
    const short = tinyWav().subarray(0, 50);
    short.writeUInt32LE(42, 4);
    expect(problem(short)).toMatch(/larger than the file/);
    expect(problem(patched(40, 3))).toMatch(/whole number of samples/);
    expect(problem(patched(40, 0, tinyWav(0)))).toMatch(/whole number of samples/);
  });

  it('refuses other codecs and insane formats', () => {
    expect(problem(tinyWav(10, { formatTag: 0x55, bitsPerSample: 0 }))).toMatch(/audio format 85/); // MP3 behind a RIFF header
    expect(problem(tinyWav(10, { formatTag: 0xfffe }))).toMatch(/audio format/);
    expect(problem(tinyWav(10, { formatTag: 3, bitsPerSample: 32 }))).toMatch(/audio format 3/);
    expect(problem(tinyWav(10, { channels: 0 }))).toMatch(/0 channels/);
    expect(problem(tinyWav(10, { channels: 6 }))).toMatch(/6 channels/);
    expect(problem(tinyWav(10, { sampleRate: 0 }))).toMatch(/0 Hz/);
    expect(problem(tinyWav(10, { sampleRate: 44100 }))).toMatch(/44100 Hz/);
    expect(problem(tinyWav(10, { bitsPerSample: 24 }))).toMatch(/24 bits/);
    expect(problem(tinyWav(10, { formatTag: 7, bitsPerSample: 8, sampleRate: 16000 }))).toMatch(/16000 Hz/);
    expect(problem(patched(28, 1))).toMatch(/byte rate/);
    const align = tinyWav();
    align.writeUInt16LE(4, 32);
    expect(problem(align)).toMatch(/block align/);
  });
});

describe('IVR compiler', () => {
  const base = { tenantCode: 'acme', context: 'sales', greeting: 'Bem-vindo à Acme', promptPath: null, options: [] as { digit: string; targetExtension: string }[] };
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['extension', 'action'].includes(name) });

  it('compiles a menu: answer, prompt, one digit, transfer to the target in the default context', () => {
    const xml = compileIvrMenu({ ...base, promptPath: '/conf/sounds/acme/ivr-1.wav', options: [{ digit: '1', targetExtension: '101' }, { digit: '*', targetExtension: '102' }, { digit: '#', targetExtension: '103' }] });
    expect(XMLValidator.validate(xml)).toBe(true);
    const context = parser.parse(xml).include.context;
    expect(context['@_name']).toBe('acme_sales');
    const [entry, ...rest] = context.extension;
    expect(entry['@_name']).toBe('ivr_entry');
    const apps = entry.condition.action.map((action: Record<string, string>) => action['@_application']);
    expect(apps).toEqual(['answer', 'set', 'sleep', 'play_and_get_digits', 'transfer']);
    const collect = entry.condition.action[3]['@_data'];
    expect(collect).toContain('/conf/sounds/acme/ivr-1.wav');
    expect(collect).toContain('^[1*#]$');
    expect(collect).toMatch(/ivr_invalid XML acme_sales$/);
    expect(rest.map((extension: Record<string, string>) => extension['@_name'])).toEqual(['ivr_option_1', 'ivr_option_*', 'ivr_option_#', 'ivr_invalid']);
    expect(rest[1].condition['@_expression']).toBe('^ivr_option_\\*$');
    expect(rest[0].condition.action[0]['@_data']).toBe('101 XML acme_default');
  });

  it('plays a tone when no prompt is uploaded and just hangs up without options', () => {
    const xml = compileIvrMenu(base);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('tone_stream://');
    expect(parser.parse(xml).include.context.extension).toHaveLength(1);
  });

  it('keeps editor positions out and escapes the greeting', () => {
    const xml = compileIvrMenu({ ...base, greeting: 'Tom & Jerry', options: [{ digit: '1', targetExtension: '101' }] });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('ivr_greeting=Tom &amp; Jerry');
    expect(xml).not.toMatch(/position/i);
  });

  it.each(ENCODING_TRICKS)('writes the greeting %j so that the switch reads exactly it', (greeting) => {
    const data = findAll(parseXml(compileIvrMenu({ ...base, greeting })), 'action').map((action) => action.attrs.data);
    expect(data).toContain(`ivr_greeting=${greeting}`);
  });
});

describe('IVR menu rules', () => {
  it('derives a context from the name', () => {
    expect(contextFromName('Atendimento Geral')).toBe('atendimento-geral');
    expect(contextFromName('  Suporte Técnico (2º nível) ')).toBe('suporte-tecnico-2-nivel');
    expect(contextFromName('!!!')).toBe('menu');
    expect(contextFromName('x'.repeat(60))).toHaveLength(40);
  });
  it('holds the greeting to the safe-data rule and digits to one use each', () => {
    expect(bodyProblems({ greeting: 'Olá, tecle 1', options: [{ digit: '1', targetExtension: '101' }] })).toEqual([]);
    for (const greeting of ['say "hi"', '<b>', '${system(id)}', 'api_hangup_hook=x', 'a\nb']) {
      expect(bodyProblems({ greeting }).map((detail) => detail.path)).toEqual(['greeting']);
    }
    expect(bodyProblems({ options: [{ digit: '1', targetExtension: '101' }, { digit: '1', targetExtension: '102' }] })).toEqual([
      { path: 'options.1.digit', message: expect.any(String) },
    ]);
  });
});
