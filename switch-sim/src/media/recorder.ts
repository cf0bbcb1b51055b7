// record_session / uuid_record as switch_ivr_record_session_event (src/switch_ivr_async.c) runs
// them: `<path> [+<limit>] [{var=value,…}]`; the RECORD_* settings come from those variables, else
// from the channel, when the recording starts. A recording is mono — both directions mixed — unless
// RECORD_STEREO (the channel's own audio left, what it is sent right) or RECORD_STEREO_SWAP is true;
// RECORD_READ_ONLY / RECORD_WRITE_ONLY keep one direction; record_sample_rate (a valid rate) else
// the codec's 8000 Hz. A relative path goes under sound_prefix, else the base folder (FreeSWITCH's
// base_dir; the simulator's recordings folder stands for it). RECORD_START and RECORD_STOP carry the
// channel's data, Record-File-Path and Recording-Variable-* (and Record-Completion-Cause on stop).
// The audio runs from the start (or the answer, if later) to the stop or the hangup; a recording
// that got no audio is discarded (no file, RECORD_DISCARDED=true, empty-file) like the switch does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { Channel } from '../core/channel.ts';
import type { SwitchCore } from '../core/core.ts';
import { switchTrue } from '../callcenter/types.ts';
import { wavBuffer, type Direction } from './wav.ts';

interface Recording {
  path: string;
  startedMicros: number;
  channels: Direction[][];
  sampleRate: number;
  limitSec: number;
  variables: Array<[string, string]>;
}

const START = { file: 'switch_ivr_async.c', func: 'record_callback', line: 1312 };
const STOP = { file: 'switch_ivr_async.c', func: 'record_callback', line: 1499 };
/** switch_is_valid_rate. */
const VALID_RATES = new Set([8000, 12000, 16000, 24000, 32000, 11025, 22050, 44100, 48000]);

/** `{a=1,b=2}` (switch_event_create_brackets), url-decoded first like record_session_function. */
function bracketVars(text: string | undefined): Array<[string, string]> {
  if (!text?.startsWith('{')) return [];
  const body = decodeURIComponent(text.replace(/\+/g, ' ')).replace(/^\{/, '').replace(/\}$/, '');
  return body
    .split(',')
    .map((pair) => pair.split('='))
    .filter((parts) => parts.length >= 2 && parts[0]!.trim() !== '')
    .map((parts) => [parts[0]!.trim(), parts.slice(1).join('=')]);
}

export class Recorder {
  private readonly active = new Map<Channel, Recording[]>();

  constructor(
    private readonly core: SwitchCore,
    private readonly dir: string,
  ) {}

  resolvePath(path: string, ch?: Channel): string {
    return isAbsolute(path) ? path : join(ch?.vars.get('sound_prefix') ?? this.dir, path);
  }

  /** record_session's data: `<path> [+<limit>] [{vars}]`, split on spaces (switch_split). */
  start(ch: Channel, data: string): boolean {
    if (!ch.isUp || !data.trim()) return false;
    const [rawPath = '', second, third] = data.trim().split(/\s+/);
    const limitSec = second?.startsWith('+') ? Number.parseInt(second.slice(1), 10) || 0 : 0;
    return this.record(ch, rawPath, limitSec, bracketVars(second?.startsWith('+') ? third : second));
  }

  /** switch_ivr_record_session_event: one path as given (mod_callcenter's record-template, spaces kept). */
  record(ch: Channel, rawPath: string, limitSec = 0, variables: Array<[string, string]> = []): boolean {
    if (!ch.isUp || !rawPath) return false;
    const setting = (name: string): string | undefined => variables.find(([n]) => n === name)?.[1] ?? ch.vars.get(name);
    const on = (name: string): boolean => switchTrue(setting(name) ?? '');
    const path = this.resolvePath(rawPath, ch);
    const list = this.active.get(ch) ?? [];
    // "Already recording": the same file is not started twice.
    if (list.some((rec) => rec.path === path)) return true;
    let both: Direction[] = ['read', 'write'];
    if (on('RECORD_WRITE_ONLY')) both = ['write'];
    if (on('RECORD_READ_ONLY')) both = ['read'];
    let channels: Direction[][] = [both];
    if (on('RECORD_STEREO')) channels = [['read'], ['write']];
    if (on('RECORD_STEREO_SWAP')) channels = [['write'], ['read']];
    const rate = Number.parseInt(setting('record_sample_rate') ?? '', 10);
    list.push({ path, startedMicros: this.core.clock.nowMicros(), channels, sampleRate: VALID_RATES.has(rate) ? rate : 8000, limitSec, variables });
    this.active.set(ch, list);
    this.core.life.fire(ch, 'RECORD_START', START, { after: [['Record-File-Path', path], ...recordingHeaders(variables)] });
    return true;
  }

  /**
   * Stops one recording (by path) or every recording ("all", any case), as
   * switch_ivr_stop_record_session does; an empty path names no recording and stops nothing.
   */
  stop(ch: Channel, rawPath: string): boolean {
    const list = this.active.get(ch);
    const wanted = rawPath.trim();
    if (!list || wanted === '') return false;
    const all = wanted.toLowerCase() === 'all';
    const keep: Recording[] = [];
    let stopped = false;
    for (const rec of list) {
      if (all || rec.path === this.resolvePath(wanted, ch)) {
        this.finish(ch, rec);
        stopped = true;
      } else {
        keep.push(rec);
      }
    }
    if (keep.length > 0) this.active.set(ch, keep);
    else this.active.delete(ch);
    return stopped;
  }

  onHangup(ch: Channel): void {
    if (this.active.has(ch)) this.stop(ch, 'all');
  }

  private finish(ch: Channel, rec: Recording): void {
    const end = this.core.clock.nowMicros();
    const answered = ch.profile?.times.answered ?? 0;
    const from = answered > rec.startedMicros ? answered : rec.startedMicros;
    let ms = answered ? Math.max(0, Math.round((end - from) / 1000)) : 0;
    if (rec.limitSec > 0) ms = Math.min(ms, rec.limitSec * 1000);
    const samples = Math.round((ms * rec.sampleRate) / 1000);
    ch.vars.set('record_samples', samples);
    ch.vars.set('record_seconds', Math.floor(samples / rec.sampleRate));
    ch.vars.set('record_ms', Math.floor(samples / (rec.sampleRate / 1000)));
    // Nothing written: the switch removes the file. Otherwise a hangup ends it as "success-silence"
    // (speech is assumed without silence detection), a stop while up as "success-maxtime".
    const cause = samples === 0 ? 'empty-file' : ch.isUp ? 'success-maxtime' : 'success-silence';
    if (samples === 0) ch.vars.set('RECORD_DISCARDED', 'true');
    ch.vars.set('record_completion_cause', cause);
    // record_callback's close: the file is written and closed (record_file_size set) before
    // RECORD_STOP is fired, so whoever acts on the event finds it whole.
    if (samples > 0) {
      const wav = wavBuffer(ms / 1000, { channels: rec.channels, sampleRate: rec.sampleRate });
      mkdirSync(dirname(rec.path), { recursive: true });
      writeFileSync(rec.path, wav);
      ch.vars.set('record_file_size', wav.length);
    }
    this.core.life.fire(ch, 'RECORD_STOP', STOP, { after: [['Record-File-Path', rec.path], ...recordingHeaders(rec.variables), ['Record-Completion-Cause', cause]] });
  }
}

/** merge_recording_variables: each variable given to the recording as Recording-Variable-<name>. */
const recordingHeaders = (variables: Array<[string, string]>): Array<[string, string]> => variables.map(([name, value]) => [`Recording-Variable-${name}`, value]);
