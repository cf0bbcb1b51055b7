// The platform on a real FreeSWITCH: its own event-socket client, event consumer and config sync
// (as in production), a scratch database, and the test's session helpers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { createCoordination } from '../../src/platform/coordination/index.ts';
import { LocalObjectStorage, type ObjectStorage } from '../../src/platform/storage/storage.ts';
import { startSwitchRuntime, type SwitchRuntime } from '../../src/switch-runtime.ts';
import { createScratchDatabase, startTestApp, testConfig, type TestApp } from '../harness.ts';
import { until } from '../switch.ts';
import { startRealSwitch, type RealSwitch } from './freeswitch.ts';

/** The built switch's prefix, or '' where it is not built (the group is then skipped). */
export const realSwitchPrefix = () => inject('realSwitchPrefix');

export interface RealPlatform extends TestApp {
  sw: RealSwitch;
  runtime: SwitchRuntime;
  storage: ObjectStorage;
  esl: (command: string) => Promise<string>;
}

export interface RealPlatformOptions {
  /** More of the platform's environment (the dialer's modes, trunk hosts allowed…). */
  env?: Record<string, string>;
  /** The dialer's tuning (its tick, the calling clock). */
  dialer?: Parameters<typeof startSwitchRuntime>[0]['dialer'];
}

export async function startRealPlatform(options: RealPlatformOptions = {}): Promise<RealPlatform> {
  const sw = await startRealSwitch(realSwitchPrefix());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'real-switch-data-'));
  const env = {
    ...options.env,
    FREESWITCH_ESL_HOST: '127.0.0.1',
    FREESWITCH_ESL_PORT: String(sw.eslPort),
    FREESWITCH_ESL_PASSWORD: sw.eslPassword,
    FREESWITCH_CONF_DIR: sw.platformDir,
    SIP_REGISTRAR_PORT: String(sw.internalPort),
    DATA_DIR: dataDir,
  };
  const database = await createScratchDatabase('realswitch');
  const coordination = createCoordination({});
  const storage = new LocalObjectStorage(path.join(dataDir, 'objects'));
  const runtime = await startSwitchRuntime({
    config: testConfig(env),
    db: database.db,
    coordination,
    storage,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    startSimulator: () => Promise.reject(new Error('a real switch is configured')),
    timing: { backoff: { baseMs: 100, maxMs: 1_000 }, syncIntervalMs: 300 },
    ...(options.dialer ? { dialer: options.dialer } : {}),
  });
  const app = await startTestApp({ env, switch: runtime.target, storage, db: database.db, coordination });
  const esl = runtime.target.esl;
  await until(() => esl.connected, Boolean, 30_000);
  await runtime.configSync.settled();
  return {
    ...app,
    sw,
    runtime,
    storage,
    esl: (command) => esl.api(command),
    async close() {
      await runtime.stop();
      await app.close();
      await sw.stop();
      await database.drop();
    },
  };
}
