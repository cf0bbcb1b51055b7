import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../../../../switch-sim/src/config/xml.ts';
import { ENCODING_TRICKS } from '../../platform/switch/encoding-tricks.test-support.ts';
import { queueEntryActions } from '../../platform/switch/queue-entry.ts';
import { checkAction } from '../dialplan/dialplan.rules.ts';
import { compileIvrMenu, type CompiledTarget, type IvrCompileInput } from './ivr.compiler.ts';
import { bodyProblems, contextFromName, failureLoops, targetProblems } from './ivr-menus.service.ts';
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
  const base: IvrCompileInput = { tenantCode: 'acme', context: 'sales', greeting: 'Bem-vindo à Acme', promptPath: null, options: [], timeoutSeconds: 5, maxFailures: 3, failureTarget: { type: 'HANGUP' } };
  const ext = (digit: string, extension: string) => ({ digit, target: { type: 'EXTENSION', extension } as CompiledTarget });
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['extension', 'action'].includes(name) });

  it('compiles a menu: answer, prompt, one digit, transfer to the target in the default context', () => {
    const xml = compileIvrMenu({ ...base, promptPath: '/conf/sounds/acme/ivr-1.wav', options: [ext('1', '101'), ext('*', '102'), ext('#', '103')] });
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
    expect(collect).toMatch(/^1 1 3 5000 none .* 5000 ivr_failure XML acme_sales$/);
    expect(rest.map((extension: Record<string, string>) => extension['@_name'])).toEqual(['ivr_option_1', 'ivr_option_*', 'ivr_option_#', 'ivr_failure']);
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
    const xml = compileIvrMenu({ ...base, greeting: 'Tom & Jerry', options: [ext('1', '101')] });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('ivr_greeting=Tom &amp; Jerry');
    expect(xml).not.toMatch(/position/i);
  });

  it('sends each option and the failure to its target: extension, queue, another menu, hangup', () => {
    const queueId = '7b0c1c52-5a4b-4c55-9a55-0f5b7f4f8f10';
    const xml = compileIvrMenu({
      ...base,
      timeoutSeconds: 8,
      maxFailures: 2,
      options: [ext('1', '101'), { digit: '2', target: { type: 'QUEUE', queueId } }, { digit: '3', target: { type: 'IVR', context: 'suporte' } }, { digit: '9', target: { type: 'HANGUP' } }],
      failureTarget: { type: 'QUEUE', queueId },
    });
    const extensions = findAll(parseXml(xml), 'extension');
    const actionsOf = (name: string) =>
      findAll(extensions.find((extension) => extension.attrs.name === name)!, 'action').map((action) => `${action.attrs.application} ${action.attrs.data}`);
    expect(actionsOf('ivr_entry')).toContain('play_and_get_digits 1 1 2 8000 none tone_stream://%(300,200,440) tone_stream://%(200,100,480,620) ivr_digit ^[1239]$ 8000 ivr_failure XML acme_sales');
    expect(actionsOf('ivr_option_1')).toEqual(['transfer 101 XML acme_default']);
    // A queue is the platform's queue entry (queue-entry.ts), the same as a DID's.
    const entry = queueEntryActions(queueId).map((action) => `${action.application} ${action.data}`);
    expect(entry.at(-1)).toBe(`callcenter q-${queueId}`);
    expect(entry).toContain('set svc_call_id=${regex(${svc_call_id}|^$|${uuid})}');
    expect(actionsOf('ivr_option_2')).toEqual(entry);
    expect(actionsOf('ivr_option_3')).toEqual(['transfer ivr_entry XML acme_suporte']);
    expect(actionsOf('ivr_option_9')).toEqual(['hangup NORMAL_CLEARING']);
    expect(actionsOf('ivr_failure')).toEqual(entry);
    // What reaches the switch passes the dialplan safety rule a tenant's own rules are held to,
    // except the platform's own queue entry (it sets svc_* on purpose; no tenant text in it).
    for (const action of findAll(parseXml(xml), 'action')) {
      if (entry.includes(`${action.attrs.application} ${action.attrs.data}`)) continue;
      expect(checkAction({ application: action.attrs.application!, data: action.attrs.data ?? '' }, { tenantCode: 'acme', domain: 'acme.example.com' }), JSON.stringify(action.attrs)).toBeNull();
    }
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
    expect(bodyProblems({ greeting: 'Hi ${system(id)}' }).map((detail) => detail.path)).toEqual(['greeting']);
    for (const greeting of ['say "hi"', '<b>', '${system(id)}', 'api_hangup_hook=x', 'a\nb']) {
      expect(bodyProblems({ greeting }).map((detail) => detail.path)).toEqual(['greeting']);
    }
    expect(bodyProblems({ options: [{ digit: '1', targetExtension: '101' }, { digit: '1', targetExtension: '102' }] })).toEqual([
      { path: 'options.1.digit', message: expect.any(String) },
    ]);
  });
});

describe('IVR targets', () => {
  const queue = '7b0c1c52-5a4b-4c55-9a55-0f5b7f4f8f10';
  it('needs the one field of its type and no other; no type means an extension', () => {
    expect(targetProblems('t', { targetExtension: '101' })).toEqual([]);
    expect(targetProblems('t', { targetType: 'QUEUE', targetQueueId: queue, targetExtension: null })).toEqual([]);
    expect(targetProblems('t', { targetType: 'HANGUP' })).toEqual([]);
    expect(targetProblems('t', {})).toEqual([{ path: 't.targetExtension', message: 'is required for a EXTENSION target' }]);
    expect(targetProblems('t', { targetType: 'IVR' })).toEqual([{ path: 't.targetMenuId', message: 'is required for a IVR target' }]);
    expect(targetProblems('t', { targetType: 'HANGUP', targetQueueId: queue }).map((detail) => detail.path)).toEqual(['t.targetQueueId']);
    expect(targetProblems('t', { targetType: 'QUEUE', targetQueueId: queue, targetExtension: '101' }).map((detail) => detail.path)).toEqual(['t.targetExtension']);
    expect(bodyProblems({ options: [{ digit: '1', targetType: 'QUEUE' }], failureTarget: { targetType: 'IVR' } }).map((detail) => detail.path)).toEqual([
      'options.0.targetQueueId',
      'failureTarget.targetMenuId',
    ]);
  });

  it('finds a failure chain that comes back to the menu', () => {
    const ivr = (id: string) => ({ targetType: 'IVR' as const, targetMenuId: id });
    const chain: Record<string, ReturnType<typeof ivr> | { targetType: 'HANGUP' }> = { b: ivr('c'), c: ivr('a'), d: { targetType: 'HANGUP' }, e: ivr('f'), f: ivr('e') };
    const of = (id: string) => chain[id];
    expect(failureLoops('a', ivr('a'), of)).toBe(true);
    expect(failureLoops('a', ivr('b'), of)).toBe(true);
    expect(failureLoops('a', ivr('d'), of)).toBe(false);
    expect(failureLoops('a', ivr('e'), of)).toBe(false);
    expect(failureLoops('a', { targetType: 'HANGUP' }, of)).toBe(false);
  });
});
