// The whole platform in one process: database (embedded when DATABASE_URL is unset), coordination
// (in-process when REDIS_URL is unset), the first platform admin, and the HTTP server.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createCoordination, type Coordination, type CoordinationOptions } from './platform/coordination/index.ts';
import { startDatabase } from './platform/db/bootstrap.ts';
import { coordinationErrorHandler, DependencyOutages } from './platform/http/dependency-outages.ts';
import { ensurePlatformAdmin } from './modules/platform/platform-admin.ts';
import { realtimePublisher } from './platform/realtime/events.ts';
import { createStorage } from './platform/storage/index.ts';
import { CampaignStatusKeeper } from './services/campaign-status/campaign-status.service.ts';
import { RecordingRetention } from './services/recording-retention/recording-retention.service.ts';
import { startBuiltInSimulator } from './switch-simulator.ts';
import { adminPasswordBanner, readyBanner } from './startup-banner.ts';
import { startSwitchRuntime } from './switch-runtime.ts';

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RunningPlatform {
  app: FastifyInstance;
  url: string;
  log: Logger;
  stop(): Promise<void>;
}

const REDACT = ['req.headers.authorization', '*.password', '*.sipPassword', '*.refreshToken', '*.accessToken', '*.apiKey'];

/** Structured JSON logs; human-readable ones when a person watches a terminal (and pino-pretty is installed). */
export function createLogger(level = 'info'): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  if (process.stdout.isTTY && canResolve('pino-pretty')) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } });
  }
  return pino(options);
}

function canResolve(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** The coordination of this configuration: Redis under the configured key prefix, else in process. */
export const coordinationOptions = (config: Config, onError: NonNullable<CoordinationOptions['onError']>): CoordinationOptions => ({
  redisUrl: config.redisUrl,
  keyPrefix: config.redisKeyPrefix,
  onError,
});

export async function startPlatform(config: Config, log: Logger = createLogger()): Promise<RunningPlatform> {
  const database = await startDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    encryptionKey: config.encryptionKey!,
    log,
  });
  // Redis reports every failed reconnection: an outage is logged once, when it starts and ends.
  const outages = new DependencyOutages(log, { database: () => database.db.ping(), cache: () => coordination.ping() });
  const coordination: Coordination = createCoordination(coordinationOptions(config, coordinationErrorHandler(log, outages)));
  if (coordination.kind === 'memory') {
    log.warn('REDIS_URL is not set: rate limits, locks and events live in this process (valid for a single instance only)');
  }

  const admin = await ensurePlatformAdmin(database.db, { email: config.platformAdminEmail, password: config.platformAdminPassword }, log);
  // Printed on the terminal only (never in the structured log), now and again under the ready box,
  // so that the start-up lines in between cannot scroll it away.
  const passwordBanner = admin.generatedPassword && admin.email ? adminPasswordBanner(admin.email, admin.generatedPassword) : '';
  process.stdout.write(passwordBanner);

  const storage = createStorage(config);
  // Recordings past retention (and any left RECORDING): swept now and hourly, by one instance at a time.
  const retention = new RecordingRetention({
    db: database.db,
    storage,
    coordination,
    log,
    collection: { storage, recordingsDir: config.freeswitch.recordingsDir },
  });
  retention.start();
  // Campaigns the schedule or their end moves (RUNNING ⇄ WAITING_SCHEDULE, COMPLETED, STOPPED).
  const campaignStatus = new CampaignStatusKeeper({ db: database.db, coordination, realtime: realtimePublisher(coordination), log });
  campaignStatus.start();
  const switchRuntime = await startSwitchRuntime({ config, db: database.db, coordination, storage, log, startSimulator: startBuiltInSimulator });
  const app = await buildApp({
    config,
    db: database.db,
    coordination,
    log,
    storage,
    switch: switchRuntime.target,
    webDistDir: WEB_DIST_DIR,
    outages,
  });
  const url = await app.listen({ port: config.port, host: config.host });
  log.info({ url }, 'platform listening');
  process.stdout.write(
    readyBanner(
      url,
      switchRuntime.simulatorControlUrl
        ? { kind: 'simulator', controlUrl: switchRuntime.simulatorControlUrl, controlToken: switchRuntime.simulatorControlToken ?? '' }
        : { kind: 'freeswitch', host: switchRuntime.target.host, port: switchRuntime.target.port },
    ) + passwordBanner,
  );

  let stopped = false;
  return {
    app,
    url,
    log,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await retention.stop();
      await campaignStatus.stop();
      await switchRuntime.stop();
      await coordination.close();
      await database.stop();
    },
  };
}
