// Shared test setup: a simulator on random ports with the test configuration.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSwitchSimulator, type SwitchSimulator } from '../src/index.ts';
import { TestEslClient } from './esl-client.ts';

export const CONF_DIR = join(import.meta.dirname, 'conf');

export interface Harness {
  sim: SwitchSimulator;
  client: TestEslClient;
  close(): Promise<void>;
}

/** A copy of the test configuration the test may modify. */
export function scratchConf(): string {
  const dir = mkdtempSync(join(tmpdir(), 'switch-sim-conf-'));
  cpSync(CONF_DIR, dir, { recursive: true });
  return dir;
}

export async function harness(options: { speed?: number; confDir?: string; events?: string } = {}): Promise<Harness> {
  const sim = await startSwitchSimulator({
    confDir: options.confDir ?? CONF_DIR,
    eslPort: 0,
    controlPort: 0,
    speed: options.speed ?? 20,
    recordingsDir: mkdtempSync(join(tmpdir(), 'switch-sim-rec-')),
  });
  // registering gateways are down until REGED, as in FreeSWITCH
  await until(() => sim.model.gateways.list().every((gw) => gw.state !== 'TRYING' && gw.state !== 'UNREGED'));
  const client = await TestEslClient.connect(sim.eslPort);
  await client.auth();
  if (options.events) await client.command(`event ${options.events}`);
  return {
    sim,
    client,
    async close() {
      await client.close();
      await sim.stop();
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is truthy (real milliseconds). */
export async function until<T>(check: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(5);
  }
}
