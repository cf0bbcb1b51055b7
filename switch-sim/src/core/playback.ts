// PLAYBACK_START/PLAYBACK_STOP around simulated media (switch_ivr_play_file), shared by the
// playback application and mod_callcenter's music on hold.
import type { Channel } from './channel.ts';
import type { SwitchCore } from './core.ts';
import { ORIGIN } from './lifecycle.ts';

/** Playback-File-Type: the file's scheme (tone_stream://, local_stream://…), else `fallback`. */
export function playbackFileType(file: string, fallback: string): string {
  return /^([a-z_]+):\/\//.exec(file)?.[1] ?? fallback;
}

/**
 * Fires PLAYBACK_START for `file` and returns the function that ends the playback: it sets the
 * playback_* variables for the time played since (8 samples a millisecond) and then fires
 * PLAYBACK_STOP, unless `fireStop` is false.
 */
export function startPlayback(core: SwitchCore, ch: Channel, file: string, type: string): (fireStop?: boolean) => void {
  const info: Array<[string, string]> = [
    ['Playback-File-Type', type],
    ['Playback-File-Path', file],
  ];
  core.life.fire(ch, 'PLAYBACK_START', ORIGIN.playStart, { after: info });
  const started = core.clock.nowMicros();
  return (fireStop = true) => {
    const ms = Math.max(0, Math.floor((core.clock.nowMicros() - started) / 1000));
    ch.vars.set('playback_last_offset_pos', ms * 8);
    ch.vars.set('playback_seconds', Math.floor(ms / 1000));
    ch.vars.set('playback_ms', ms);
    ch.vars.set('playback_samples', ms * 8);
    if (fireStop) core.life.fire(ch, 'PLAYBACK_STOP', ORIGIN.playStop, { after: [...info, ['Playback-Status', 'done']] });
  };
}
