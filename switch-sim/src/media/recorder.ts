// record_session / uuid_record: the recording runs from its start (or the answer, if later)
// until it is stopped or the channel hangs up, then a real stereo 8 kHz 16-bit WAV of that
// length is written. RECORD_START / RECORD_STOP events carry Record-File-Path like mod_dptools.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import type { Channel } from '../core/channel.ts';
import type { SwitchCore } from '../core/core.ts';
import { wavBuffer } from './wav.ts';

interface Recording {
  path: string;
  startedMicros: number;
}

const START = { file: 'switch_ivr_async.c', func: 'record_callback', line: 1312 };
const STOP = { file: 'switch_ivr_async.c', func: 'record_callback', line: 1499 };

export class Recorder {
  private readonly active = new Map<Channel, Recording[]>();
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly core: SwitchCore,
    private readonly dir: string,
  ) {}

  resolvePath(path: string): string {
    return isAbsolute(path) ? path : join(this.dir, path);
  }

  start(ch: Channel, rawPath: string): boolean {
    if (!ch.isUp || !rawPath.trim()) return false;
    const path = this.resolvePath(rawPath.trim().split(/\s+/)[0]!);
    const list = this.active.get(ch) ?? [];
    list.push({ path, startedMicros: this.core.clock.nowMicros() });
    this.active.set(ch, list);
    this.core.life.fire(ch, 'RECORD_START', START, { after: [['Record-File-Path', path]] });
    return true;
  }

  /** Stops one recording (by path) or every recording ("all"). */
  stop(ch: Channel, rawPath: string): boolean {
    const list = this.active.get(ch);
    if (!list) return false;
    const wanted = rawPath.trim();
    const keep: Recording[] = [];
    let stopped = false;
    for (const rec of list) {
      if (wanted === '' || wanted === 'all' || rec.path === this.resolvePath(wanted)) {
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
    const ms = answered ? Math.max(0, Math.round((end - from) / 1000)) : 0;
    ch.vars.set('record_seconds', Math.floor(ms / 1000));
    ch.vars.set('record_ms', ms);
    ch.vars.set('record_samples', Math.round((ms * 8000) / 1000));
    this.core.life.fire(ch, 'RECORD_STOP', STOP, { after: [['Record-File-Path', rec.path], ['Record-Completion-Cause', 'success']] });
    const write = (async () => {
      await mkdir(dirname(rec.path), { recursive: true });
      await writeFile(rec.path, wavBuffer(ms / 1000));
    })();
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write)).catch(() => undefined);
  }

  /** Resolves when every pending WAV is on disk. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.writes]);
  }
}
