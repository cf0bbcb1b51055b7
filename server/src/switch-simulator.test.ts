import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { CONTROL_TOKEN_FILE } from '@callcenter/switch-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { BUILT_IN_HOLD_MUSIC, PREFERRED_CONTROL_PORT, startBuiltInSimulator } from './switch-simulator.ts';

/** The event socket's answer to `auth <password>`. */
function authReply(port: number, password: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.connect(port, '127.0.0.1');
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('auth/request') && !text.includes('sent')) {
        text += 'sent';
        socket.write(`auth ${password}\n\n`);
      }
      const reply = /Reply-Text: ([^\n]+)/.exec(text);
      if (reply) {
        socket.destroy();
        resolve(reply[1]!);
      }
    });
    socket.on('error', reject);
  });
}

/** The body of `api <command>` after authenticating with the password. */
function apiReply(port: number, password: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    let step = 0;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (step === 0 && text.includes('auth/request')) {
        step = 1;
        socket.write(`auth ${password}\n\n`);
      } else if (step === 1 && text.includes('+OK accepted')) {
        step = 2;
        text = '';
        socket.write(`api ${command}\n\n`);
      } else if (step === 2) {
        const length = /Content-Length: (\d+)\n\n/.exec(text);
        if (!length) return;
        const body = text.slice(length.index + length[0].length);
        if (Buffer.byteLength(body) < Number(length[1])) return;
        socket.destroy();
        resolve(body);
      }
    });
    socket.on('error', reject);
  });
}

/** Holds the port (or finds it already held by someone else: either way it is taken). */
async function occupy(port: number): Promise<() => Promise<void>> {
  const server = net.createServer();
  const held = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  return () => (held ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve());
}

describe('the built-in simulator', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The built-in simulator in a folder of its own, stopped and removed after the test. */
  async function startInTempDir(password: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const simulator = await startBuiltInSimulator({
      confDir: path.join(dir, 'conf'),
      password,
      recordingsDir: path.join(dir, 'rec'),
      dataDir: path.join(dir, 'data'),
      log: pino({ level: 'silent' }),
    });
    cleanups.push(() => simulator.stop());
    return { dir, simulator };
  }

  it('takes another port when the CLI default control port is taken, and says which', async () => {
    cleanups.push(await occupy(PREFERRED_CONTROL_PORT));
    const { dir, simulator } = await startInTempDir('pw');
    expect(simulator.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(simulator.controlUrl).not.toBe(`http://127.0.0.1:${PREFERRED_CONTROL_PORT}`);
    const token = readFileSync(path.join(dir, 'data', CONTROL_TOKEN_FILE), 'utf8').trim();
    expect(token).toBe(simulator.controlToken);
    const state = await fetch(new URL('/state', simulator.controlUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(state.ok).toBe(true);
    expect((await fetch(new URL('/state', simulator.controlUrl))).status).toBe(401);
  });

  it('answers only the configured password, a random one unless FREESWITCH_ESL_PASSWORD is set: never ClueCon (issue 19, item 24)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const config = parseConfig({ DATA_DIR: dir });
    const simulator = await startBuiltInSimulator({
      confDir: path.join(dir, 'conf'),
      password: config.freeswitch.password,
      recordingsDir: path.join(dir, 'rec'),
      dataDir: path.join(dir, 'data'),
      log: pino({ level: 'silent' }),
    });
    cleanups.push(() => simulator.stop());
    expect(await authReply(simulator.port, 'ClueCon')).toBe('-ERR invalid');
    expect(await authReply(simulator.port, config.freeswitch.password)).toBe('+OK accepted');
  });

  it('is set up as docs/freeswitch.md says: its own hold_music needs no sound package (issue 19, item 20)', async () => {
    const { simulator } = await startInTempDir('pw');
    const holdMusic = await apiReply(simulator.port, 'pw', 'global_getvar hold_music');
    expect(holdMusic).toBe(BUILT_IN_HOLD_MUSIC);
    expect(holdMusic).toMatch(/^tone_stream:\/\//);
  });
});
