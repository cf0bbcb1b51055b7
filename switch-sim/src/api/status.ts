// status / uptime / version (mod_commands.c status_function, uptime_function, version_function).
import type { SwitchCore } from '../core/core.ts';

export const VERSION = '1.10.12-release';

export function uptimeMicros(core: SwitchCore): number {
  return core.clock.nowMicros() - core.startedMicros;
}

export function status(core: SwitchCore): string {
  let rest = uptimeMicros(core);
  const us = rest % 1000;
  rest = Math.floor(rest / 1000);
  const ms = rest % 1000;
  rest = Math.floor(rest / 1000);
  const sec = rest % 60;
  rest = Math.floor(rest / 60);
  const min = rest % 60;
  rest = Math.floor(rest / 60);
  const hr = rest % 24;
  rest = Math.floor(rest / 24);
  const day = rest % 365;
  const yr = Math.floor(rest / 365);
  const s = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const sessions = [...core.channels.values()].filter((ch) => !ch.destroyed).length;
  return (
    `UP ${s(yr, 'year')}, ${s(day, 'day')}, ${s(hr, 'hour')}, ${s(min, 'minute')}, ${s(sec, 'second')}, ${s(ms, 'millisecond')}, ${s(us, 'microsecond')}\n` +
    `FreeSWITCH (Version ${VERSION}  64bit) is ready\n` +
    `${core.sessionsSinceStartup} session(s) since startup\n` +
    `${sessions} session(s) - peak ${core.peakSessions}, last 5min ${core.peakSessions} \n` +
    `0 session(s) per Sec out of max 30, peak ${Math.min(core.peakSessions, 30)}, last 5min ${Math.min(core.peakSessions, 30)} \n` +
    `1000 session(s) max\n` +
    `min idle cpu 0.00/99.00\n` +
    `Current Stack Size/Max 240K/8192K\n`
  );
}

export function uptime(core: SwitchCore, arg: string | undefined): string {
  const unit = (arg ?? '').trim();
  const scales: Record<string, number> = { '': 1e6, s: 1e6, seconds: 1e6, us: 1, microseconds: 1, ms: 1e3, milliseconds: 1e3, m: 6e7, minutes: 6e7, h: 3.6e9, hours: 3.6e9, d: 8.64e10, days: 8.64e10 };
  const scale = scales[unit];
  if (scale === undefined) return '-USAGE: [us|ms|s|m|h|d|microseconds|milliseconds|seconds|minutes|hours|days]\n';
  return `${Math.floor(uptimeMicros(core) / scale)}\n`;
}

export function version(arg: string | undefined): string {
  if ((arg ?? '').trim() === 'short') return '1.10.12\n';
  return `FreeSWITCH Version ${VERSION}~64bit (-release 64bit)\n`;
}
