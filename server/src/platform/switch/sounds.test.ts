import { describe, expect, it } from 'vitest';
import { isSwitchStream, SOUND_PATTERN } from './sounds.ts';

const isSound = (sound: string) => new RegExp(SOUND_PATTERN, 'u').test(sound);

describe('tenant sounds', () => {
  it('accepts the switch’s named streams and files of its sound library', () => {
    for (const sound of ['local_stream://moh', 'local_stream://default', 'silence_stream://500', 'silence_stream://-1,1400', 'tone_stream://%(250,50,440);L=3', 'tone_stream://v=-7;%(100,0,941.0,1477.0)', 'ivr/ivr-please_hold.wav', 'music/8000/hold']) {
      expect(isSound(sound), sound).toBe(true);
    }
  });
  it('refuses globals, variables, paths, other sources and encoded text', () => {
    for (const sound of [
      '$${hold_music}',
      '${hold_music}',
      'local_stream://../../etc',
      'local_stream://moh/../x',
      'local_stream://${x}',
      'silence_stream://forever',
      'tone_stream://${system(id)}',
      'tone_stream://%(1,1,1) x',
      'http_cache://attacker.example/moh.wav',
      'shout://attacker.example/moh.mp3',
      '/var/lib/freeswitch/sounds/other/ivr-1.wav',
      'music/../../other/ivr-1.wav',
      'ivr/x.wav&#36;',
      'ivr/x y.wav',
    ]) {
      expect(isSound(sound), sound).toBe(false);
    }
    expect(isSwitchStream('local_stream://moh')).toBe(true);
    expect(isSwitchStream('local_stream://../../etc')).toBe(false);
  });
});
