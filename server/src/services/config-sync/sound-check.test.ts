import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SwitchCommandError } from '../../platform/switch/errors.ts';
import { missingSounds, soundLookup, streamPlays, warnMissingSounds } from './sound-check.ts';

const PREFIX = '/usr/share/freeswitch/sounds/en/us/callie';

describe('soundLookup', () => {
  it('needs nothing installed for the streams the switch generates', () => {
    expect(soundLookup('tone_stream://v=-14;%(600,150,523.25);loops=-1', PREFIX)).toEqual({ kind: 'generated' });
    expect(soundLookup('silence_stream://-1', PREFIX)).toEqual({ kind: 'generated' });
  });

  it('names the mod_local_stream source of a local stream', () => {
    expect(soundLookup('local_stream://moh', PREFIX)).toEqual({ kind: 'stream', name: 'moh' });
  });

  it('looks for a library file under sound_prefix, plainly and in the rate folders mod_sndfile tries', () => {
    expect(soundLookup('ivr/ivr-please_hold.wav', PREFIX)).toEqual({
      kind: 'file',
      paths: [
        `${PREFIX}/ivr/ivr-please_hold.wav`,
        `${PREFIX}/ivr/8000/ivr-please_hold.wav`,
        `${PREFIX}/ivr/16000/ivr-please_hold.wav`,
        `${PREFIX}/ivr/32000/ivr-please_hold.wav`,
        `${PREFIX}/ivr/48000/ivr-please_hold.wav`,
      ],
    });
  });

  it('does not guess a file named without extension (opened by codec) or without a known prefix', () => {
    expect(soundLookup('music/8000/hold', PREFIX)).toEqual({ kind: 'unknown' });
    expect(soundLookup('ivr/ivr-please_hold.wav', '')).toEqual({ kind: 'unknown' });
  });
});

describe('streamPlays', () => {
  it('plays a source listed by name or rate, or the default source it falls back to', () => {
    expect(streamPlays('moh', 'moh/8000,/usr/share/freeswitch/sounds/music/8000\n')).toBe(true);
    expect(streamPlays('moh', 'default,/x\n')).toBe(true);
    expect(streamPlays('hold', 'hold,/x\n')).toBe(true);
  });

  it('does not play when no source lives (their folders are missing) or only others do', () => {
    expect(streamPlays('moh', '')).toBe(false);
    expect(streamPlays('moh', 'mohx/8000,/x\n')).toBe(false);
  });
});

/** A switch answering the three commands the check sends; `files` exist, `streams` is `local_stream show`. */
function fakeSwitch(files: string[], streams: string | Error, holdMusic = '') {
  const sent: string[] = [];
  const esl = {
    api: (command: string) => {
      sent.push(command);
      if (command === 'global_getvar sound_prefix') return Promise.resolve(`${PREFIX}\n`);
      if (command === 'global_getvar hold_music') {
        // Unset: nothing written, which the event socket answers "-ERR no reply".
        return holdMusic ? Promise.resolve(holdMusic) : Promise.reject(new SwitchCommandError(command, '-ERR no reply\n'));
      }
      if (command === 'local_stream show') return streams instanceof Error ? Promise.reject(streams) : Promise.resolve(streams);
      if (command.startsWith('file_exists ')) return Promise.resolve(files.includes(command.slice(12)) ? 'true' : 'false');
      return Promise.reject(new Error(`unexpected ${command}`));
    },
  };
  return { esl, sent };
}

describe('missingSounds', () => {
  it('asks the switch once per sound and reports what it cannot play', async () => {
    const { esl, sent } = fakeSwitch([`${PREFIX}/ivr/8000/ivr-please_hold.wav`], '');
    const sounds = ['local_stream://moh', 'ivr/ivr-please_hold.wav', 'ivr/ivr-nothing.wav', 'tone_stream://%(1,1,440)', 'local_stream://moh'];
    expect(await missingSounds(esl, sounds)).toEqual(['local_stream://moh', 'ivr/ivr-nothing.wav']);
    expect(sent.filter((command) => command === 'local_stream show')).toHaveLength(1);
  });

  it('takes a switch without mod_local_stream as having no stream', async () => {
    const { esl } = fakeSwitch([], new SwitchCommandError('local_stream show', '-ERR local_stream Command not found!\n'));
    expect(await missingSounds(esl, ['local_stream://moh'])).toEqual(['local_stream://moh']);
  });

  it('asks nothing when no sound needs checking', async () => {
    const { esl, sent } = fakeSwitch([], '');
    expect(await missingSounds(esl, [])).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe('warnMissingSounds', () => {
  it('warns once per missing sound, naming the queues that use it', async () => {
    const { esl } = fakeSwitch([], '');
    const logged: { level: number; sound?: string; queueIds?: string[] }[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });
    await warnMissingSounds(esl, log, [
      { id: 'q1', musicOnHold: 'local_stream://moh', announceSound: null },
      { id: 'q2', musicOnHold: 'local_stream://moh', announceSound: 'tone_stream://%(1,1,440)' },
      { id: 'q3', musicOnHold: 'tone_stream://%(1,1,440)', announceSound: null },
    ]);
    expect(logged).toEqual([expect.objectContaining({ level: 40, sound: 'local_stream://moh', queueIds: ['q1', 'q2'] })]);
  });

  it('warns about the switch’s own hold_music when it is missing, and not when it plays', async () => {
    const read = async (holdMusic: string) => {
      const logged: { level: number; sound?: string; queueIds?: string[]; msg: string }[] = [];
      const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });
      await warnMissingSounds(fakeSwitch([], '', holdMusic && `${holdMusic}\n`).esl, log, []);
      return logged;
    };
    expect(await read('local_stream://moh')).toEqual([expect.objectContaining({ level: 40, sound: 'local_stream://moh', msg: expect.stringContaining('hold_music') })]);
    expect(await read('tone_stream://%(1,1,440)')).toEqual([]);
    expect(await read('')).toEqual([]);
  });
});
