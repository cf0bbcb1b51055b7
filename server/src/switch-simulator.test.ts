import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { CONTROL_TOKEN_FILE } from '@callcenter/switch-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { PREFERRED_CONTROL_PORT, startBuiltInSimulator } from './switch-simulator.ts';

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

  it('takes another port when the CLI default control port is taken, and says which', async () => {
    cleanups.push(await occupy(PREFERRED_CONTROL_PORT));
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const simulator = await startBuiltInSimulator({
      confDir: path.join(dir, 'conf'),
      password: 'pw',
      recordingsDir: path.join(dir, 'rec'),
      dataDir: path.join(dir, 'data'),
      log: pino({ level: 'silent' }),
    });
    cleanups.push(() => simulator.stop());
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
});
