// Where the CPU went during a measurement on a shared machine (Linux /proc): seconds of CPU used by
// given processes, by every PostgreSQL process, and by the whole machine.
import { readdir, readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process has used so far (0 once it is gone). */
async function processSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command (which may hold spaces) start at state, field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND;
}

/** The ids of the PostgreSQL server's processes running now (every database, other users' too). */
async function postgresPids(): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const names = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')));
  return pids.filter((_, i) => names[i]!.trim() === 'postgres');
}

/** Busy and total CPU seconds of the machine (every core) so far. */
async function machineSeconds(): Promise<{ busy: number; total: number }> {
  const [, ...values] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

export interface CpuSnapshot {
  processes: Record<string, number>;
  postgres: number;
  machine: { busy: number; total: number };
}

export async function cpuSnapshot(processes: Record<string, number>): Promise<CpuSnapshot> {
  const named = await Promise.all(Object.entries(processes).map(async ([name, pid]) => [name, await processSeconds(pid)] as const));
  const postgres = (await Promise.all((await postgresPids()).map(processSeconds))).reduce((sum, seconds) => sum + seconds, 0);
  return { processes: Object.fromEntries(named), postgres, machine: await machineSeconds() };
}

/** Each one's share of one core between two snapshots, and how busy the machine was (of all its cores). */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot, seconds: number): string {
  const share = (used: number) => `${((used / seconds) * 100).toFixed(0)}%`;
  const named = Object.keys(after.processes).map((name) => `${name} ${share(after.processes[name]! - before.processes[name]!)}`);
  const busy = (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total);
  return `${named.join(', ')}, postgres (all) ${share(after.postgres - before.postgres)} of one core; machine ${(busy * 100).toFixed(0)}% busy`;
}
