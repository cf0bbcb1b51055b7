import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../../../../switch-sim/src/config/xml.ts';
import { ENCODING_TRICKS } from '../../platform/switch/encoding-tricks.test-support.ts';
import { compileIvrMenu } from './ivr.compiler.ts';
import { bodyProblems, contextFromName } from './ivr-menus.service.ts';
import { isWav } from './wav.ts';
import { tinyWav } from './wav.test-support.ts';

describe('isWav', () => {
  it('accepts a RIFF/WAVE file with fmt and data chunks, extra chunks included', () => {
    expect(isWav(tinyWav())).toBe(true);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
    const wav = tinyWav();
    const withList = Buffer.concat([wav.subarray(0, 12), list, wav.subarray(12)]);
    expect(isWav(withList)).toBe(true);
  });
  it('refuses MP3, text, truncated and look-alike files', () => {
    expect(isWav(Buffer.concat([Buffer.from('ID3\u0004\u0000'), Buffer.alloc(100)]))).toBe(false);
    expect(isWav(Buffer.from('just some text pretending to be a wav file, long enough to pass'))).toBe(false);
    expect(isWav(tinyWav().subarray(0, 30))).toBe(false);
    const riffAvi = tinyWav();
    riffAvi.write('AVI ', 8, 'ascii');
    expect(isWav(riffAvi)).toBe(false);
    const noFmt = tinyWav();
    noFmt.write('junk', 12, 'ascii');
    expect(isWav(noFmt)).toBe(false);
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
