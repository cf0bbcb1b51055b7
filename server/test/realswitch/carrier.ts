// A carrier for the real-switch tests: sipp (Debian's sip-tester) as the far end of a tenant's
// trunk, answering one call as its scenario says (sipp/answer.xml, sipp/busy.xml). Its message log
// shows what the switch sent it; its exit code says whether the call went as the scenario expects.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './freeswitch.ts';

export type CarrierScenario = 'answer' | 'busy';

export interface Carrier {
  /** The UDP port it takes calls on, at 127.0.0.1. */
  port: number;
  /** Every SIP message it sent and received so far. */
  messages(): string;
  /** sipp's exit code once its one call is over (0: the call went as the scenario says). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(true));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(false)));
  });

export async function startCarrier(scenario: CarrierScenario): Promise<Carrier> {
  const dir = mkdtempSync(path.join(tmpdir(), `sipp-${scenario}-`));
  const [port, mediaPort] = [await freePort(), await freePort()];
  const log = path.join(dir, 'messages.log');
  const child = spawn(
    'sipp',
    [
      ...['-sf', path.join(import.meta.dirname, 'sipp', `${scenario}.xml`)],
      ...['-i', '127.0.0.1', '-p', String(port), '-t', 'u1'],
      ...['-mi', '127.0.0.1', '-mp', String(mediaPort), '-rtp_echo'],
      ...['-m', '1', '-timeout', '90s', '-timeout_error', '-nostdin'],
      ...['-trace_msg', '-message_file', log, '-trace_err', '-error_file', path.join(dir, 'errors.log')],
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (data: Buffer) => (stderr = (stderr + data.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 10_000;
  while (!(await portTaken(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sipp did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    messages: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
