// A platform wired to the project's switch simulator over real TCP: the simulator in this process
// (the edge of the world), the platform's own ESL client, event consumer and config sync.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { startSwitchSimulator, type SwitchSimulator } from '@callcenter/switch-sim';
import { LocalObjectStorage, type ObjectStorage } from '../src/platform/storage/storage.ts';
import { startSwitchRuntime, type SwitchRuntime } from '../src/switch-runtime.ts';
import { createCoordination } from '../src/platform/coordination/index.ts';
import type { DialerOptions } from '../src/services/dialer/dialer.service.ts';
import { createScratchDatabase, startTestApp, testConfig, type TestApp } from './harness.ts';

export interface SwitchedApp extends TestApp {
  simulator: () => SwitchSimulator;
  runtime: SwitchRuntime;
  confDir: string;
  /** Where the platform stores objects (recordings it collected from the switch). */
  storage: ObjectStorage;
  /** Stops the simulator (the platform sees the switch go away). */
  stopSwitch(): Promise<void>;
  /** Starts a fresh simulator on the same port and folder (a restarted FreeSWITCH). */
  restartSwitch(): Promise<void>;
}

const PASSWORD = 'ClueCon';

/** `webDistDir` also serves the console, for browser tests against a switch. */
export interface SwitchedAppOptions {
  webDistDir?: string;
  /** The dialer's tuning (a fast tick, a fixed calling clock, the simulation model…). */
  dialer?: Partial<Omit<DialerOptions, 'simulation' | 'realOutbound'>>;
  /** More environment (e.g. DIALER_SIMULATION, DIALER_REAL_OUTBOUND). */
  env?: Record<string, string>;
  /** Coordination on this Redis (under `keyPrefix`) instead of in process: several dialers share it. */
  redis?: { url: string; keyPrefix: string };
  /** Where the platform and its background services log (default: nowhere), for a test that reads it. */
  log?: Logger;
}

export async function startSwitchedApp(options: SwitchedAppOptions = {}): Promise<SwitchedApp> {
  const confDir = mkdtempSync(path.join(tmpdir(), 'switch-conf-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switch-data-'));
  let simulator = await startSwitchSimulator({ host: '127.0.0.1', eslPort: 0, eslPassword: PASSWORD, confDir, controlPort: 0, recordingsDir: path.join(dataDir, 'rec') });
  const eslPort = simulator.eslPort;
  const env: Record<string, string> = {
    FREESWITCH_ESL_HOST: '127.0.0.1',
    FREESWITCH_ESL_PORT: String(eslPort),
    FREESWITCH_ESL_PASSWORD: PASSWORD,
    FREESWITCH_CONF_DIR: confDir,
    DATA_DIR: dataDir,
    ...options.env,
  };
  // Its own database: the config sync works on every tenant it sees, and other test files make many.
  const database = await createScratchDatabase('switch');
  const db = database.db;
  const coordination = createCoordination(options.redis ? { redisUrl: options.redis.url, keyPrefix: options.redis.keyPrefix } : {});
  const storage = new LocalObjectStorage(path.join(dataDir, 'objects'));
  const runtime = await startSwitchRuntime({
    config: testConfig(env),
    db,
    coordination,
    storage,
    log: options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    startSimulator: () => Promise.reject(new Error('a real switch is configured')),
    timing: { backoff: { baseMs: 50, maxMs: 500 }, syncIntervalMs: 200 },
    ...(options.dialer ? { dialer: options.dialer } : {}),
  });
  // The app under test shares the connection, database and coordination of the background services.
  const app = await startTestApp({ env, switch: runtime.target, storage, db, coordination, ...(options.log ? { log: options.log } : {}), ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}) });
  await new Promise<void>((resolve) => (runtime.target.esl.connected ? resolve() : runtime.target.esl.once('connected', () => resolve())));
  await runtime.configSync.settled();
  return {
    ...app,
    simulator: () => simulator,
    runtime,
    confDir,
    storage,
    async stopSwitch() {
      await simulator.stop();
    },
    async restartSwitch() {
      simulator = await startSwitchSimulator({ host: '127.0.0.1', eslPort, eslPassword: PASSWORD, confDir, controlPort: 0, recordingsDir: path.join(dataDir, 'rec') });
    },
    async close() {
      await runtime.stop();
      await app.close();
      await simulator.stop().catch(() => undefined);
      await database.drop();
    },
  };
}

/** Polls until `ok` holds or the time is up, and returns the last value either way. */
export async function until<T>(probe: () => Promise<T> | T, ok: (value: T) => boolean, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A file's text, or '' while it does not exist. */
export function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** How many of the tenant's configuration changes the sync has not yet written to the switch. */
export async function pendingSwitchChanges(t: SwitchedApp, tenantId: string): Promise<number> {
  const rows = await t.db.withTenant(tenantId, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute());
  return rows.length;
}

/** A row of `show channels as json` (the columns the switch tests read). */
export interface ChannelRow {
  uuid: string;
  name: string;
  state: string;
  context: string;
  application: string;
  application_data: string;
  callstate: string;
  presence_id: string;
}

/** The switch's live channels. */
export async function switchChannels(t: SwitchedApp): Promise<ChannelRow[]> {
  return (JSON.parse(await t.runtime.target.esl.api('show channels as json')) as { rows?: ChannelRow[] }).rows ?? [];
}

/** The legs ringing (or up) on an extension's registered phone. */
export async function phoneLegs(t: SwitchedApp, extension: string, domain: string): Promise<ChannelRow[]> {
  const presence = `${extension}@${domain}`;
  return (await switchChannels(t)).filter((row) => row.presence_id === presence && row.name.startsWith(`sofia/internal/${extension}-`));
}
