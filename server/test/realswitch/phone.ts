// A real SIP phone for the real-switch tests: baresip (Debian's package), headless, driven through
// its ctrl_tcp module (netstring JSON commands in, its events out). It sends a sine tone of its own
// frequency, so a stereo recording shows which side each channel is.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './freeswitch.ts';

export interface PhoneEvent {
  type: string;
  param?: string;
  peeruri?: string;
}

export interface Phone {
  events: PhoneEvent[];
  /** Waits for an event of this type after the `from`-th one (default: any so far). */
  waitFor(type: string, ms?: number, from?: number): Promise<PhoneEvent>;
  dial(uri: string): Promise<void>;
  hangup(): Promise<void>;
  /** Sends DTMF digits in the current call as RFC 2833 telephone-events (baresip's `sndcode`). */
  sendDigits(digits: string): Promise<void>;
  stop(): Promise<void>;
}

export interface PhoneOptions {
  user: string;
  domain: string;
  password?: string;
  /** The switch's SIP port on 127.0.0.1 (the outbound proxy). */
  proxyPort: number;
  register: boolean;
  toneHz: number;
  autoAnswer?: boolean;
}

/** Netstring frames (`<length>:<payload>,`) out of a byte stream. */
function netstrings(onFrame: (payload: string) => void): (chunk: Buffer) => void {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const colon = buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(buffer.subarray(0, colon).toString());
      if (buffer.length < colon + 1 + length + 1) return;
      onFrame(buffer.subarray(colon + 1, colon + 1 + length).toString());
      buffer = buffer.subarray(colon + 2 + length);
    }
  };
}

/** Whether a TCP listener could take this port on 127.0.0.1 now. */
function tcpPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function startPhone(options: PhoneOptions): Promise<Phone> {
  const dir = mkdtempSync(path.join(tmpdir(), `baresip-${options.user}-`));
  // baresip also listens for SIP over TLS on the next port up: both must be free.
  let sipPort = await freePort();
  while (!(await tcpPortFree(sipPort + 1))) sipPort = await freePort();
  let ctrlPort = await freePort();
  while (ctrlPort === sipPort + 1) ctrlPort = await freePort();
  writeFileSync(
    path.join(dir, 'config'),
    [
      'poll_method epoll',
      `sip_listen 127.0.0.1:${sipPort}`,
      `audio_source ausine,${options.toneHz}`,
      // No sound card here: what the phone hears goes into a bridge nobody reads.
      'audio_player aubridge,sink',
      'ausrc_srate 48000',
      'ausrc_channels 2',
      'rtp_ports 40000-49999',
      'module_path /usr/lib/baresip/modules',
      'module g711.so',
      'module ausine.so',
      'module aubridge.so',
      'module_app account.so',
      'module_app menu.so', // the dial, accept and hangup commands
      'module_app ctrl_tcp.so',
      `ctrl_tcp_listen 127.0.0.1:${ctrlPort}`,
      '',
    ].join('\n'),
  );
  const params = [
    options.password ? `auth_pass=${options.password}` : '',
    `outbound="sip:127.0.0.1:${options.proxyPort}"`,
    `regint=${options.register ? 60 : 0}`,
    `answermode=${options.autoAnswer ? 'auto' : 'manual'}`,
    'audio_codecs=PCMU',
  ].filter(Boolean);
  writeFileSync(path.join(dir, 'accounts'), `<sip:${options.user}@${options.domain}>;${params.join(';')}\n`);
  const child: ChildProcess = spawn('baresip', ['-f', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (output += data.toString()));

  const events: PhoneEvent[] = [];
  const socket = new Socket();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('error', () => resolve(false));
      socket.connect(ctrlPort, '127.0.0.1', () => resolve(true));
    });
    if (connected) break;
    if (Date.now() > deadline) throw new Error(`baresip did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  socket.on(
    'data',
    netstrings((payload) => {
      const message = JSON.parse(payload) as {
        event?: boolean;
        type?: string;
        param?: string;
        peeruri?: string;
      };
      if (message.event && message.type)
        events.push({ type: message.type, param: message.param, peeruri: message.peeruri });
    }),
  );
  const command = (name: string, params = '') => {
    const body = JSON.stringify({ command: name, params, token: name });
    socket.write(`${Buffer.byteLength(body)}:${body},`);
    return Promise.resolve();
  };
  return {
    events,
    async waitFor(type, ms = 15_000, from = 0) {
      const end = Date.now() + ms;
      for (;;) {
        const found = events.slice(from).find((event) => event.type === type);
        if (found) return found;
        if (Date.now() > end)
          throw new Error(`${options.user}: no ${type} in ${JSON.stringify(events)}\n${output.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    dial: (uri) => command('dial', uri),
    hangup: () => command('hangup'),
    sendDigits: (digits) => command('sndcode', digits),
    async stop() {
      socket.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
