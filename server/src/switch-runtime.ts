// The switch side of a running platform: the event-socket connection (to a real FreeSWITCH, or to
// the built-in simulator when FREESWITCH_ESL_HOST is unset), the event consumer and the config sync.
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Coordination } from './platform/coordination/coordination.ts';
import { SecretBox } from './platform/crypto/secrets.ts';
import type { DatabaseHandles } from './platform/db/database.ts';
import { realtimePublisher } from './platform/realtime/events.ts';
import type { ObjectStorage } from './platform/storage/storage.ts';
import { EslCallCenter } from './platform/switch/callcenter.ts';
import { EslClient } from './platform/switch/esl-client.ts';
import type { SwitchTarget } from './modules/switch-admin/switch-admin.routes.ts';
import { ConfigSyncRepo } from './services/config-sync/config-sync.repo.ts';
import { ConfigSync } from './services/config-sync/config-sync.service.ts';
import { AgentHealing } from './services/agent-healing/agent-healing.service.ts';
import { CONSUMED_EVENTS, startEventConsumer } from './services/event-consumer/event-consumer.ts';
import { DialerEngine, type DialerOptions } from './services/dialer/dialer.service.ts';

export interface SwitchEndpoint {
  host: string;
  port: number;
  password: string;
  /** The simulator's control API, when the switch is the built-in simulator. */
  controlUrl?: string;
  /** The token its control API requires (shown in the start box, never logged). */
  controlToken?: string;
  stop(): Promise<void>;
}

/** Starts the built-in simulator; injected so the runtime does not depend on how it is built. */
export type SimulatorStarter = (options: { confDir: string; password: string; recordingsDir: string; dataDir: string; log: Logger }) => Promise<SwitchEndpoint>;

export interface SwitchRuntime {
  target: SwitchTarget;
  configSync: ConfigSync;
  agentHealing: AgentHealing;
  dialer: DialerEngine;
  simulatorControlUrl: string | undefined;
  simulatorControlToken: string | undefined;
  stop(): Promise<void>;
}

export async function startSwitchRuntime(deps: {
  config: Config;
  db: DatabaseHandles;
  coordination: Coordination;
  storage: ObjectStorage;
  log: Logger;
  startSimulator: SimulatorStarter;
  /** Reconnection backoff and sync interval; the defaults suit production. */
  timing?: { backoff?: { baseMs: number; maxMs: number }; syncIntervalMs?: number; agentHealingIntervalMs?: number; agentHealingGraceMs?: number };
  /** The dialer's tuning (tick, locks, simulation model…); the modes always come from the config. */
  dialer?: Partial<Omit<DialerOptions, 'simulation' | 'realOutbound'>>;
}): Promise<SwitchRuntime> {
  const { config, log } = deps;
  const endpoint: SwitchEndpoint = config.freeswitch.host
    ? { host: config.freeswitch.host, port: config.freeswitch.port, password: config.freeswitch.password, stop: () => Promise.resolve() }
    : await deps.startSimulator({
        confDir: config.freeswitch.confDir,
        password: config.freeswitch.password,
        recordingsDir: config.freeswitch.recordingsDir,
        dataDir: config.dataDir,
        log,
      });
  const esl = new EslClient({
    host: endpoint.host,
    port: endpoint.port,
    password: endpoint.password,
    events: [...CONSUMED_EVENTS.events],
    customSubclasses: [...CONSUMED_EVENTS.customSubclasses],
    log: log.child({ component: 'esl' }),
    ...(deps.timing?.backoff ? { backoff: deps.timing.backoff } : {}),
  });
  const realtime = realtimePublisher(deps.coordination);
  const consumer = startEventConsumer({
    db: deps.db,
    esl,
    realtime,
    log,
    recordings: { storage: deps.storage, recordingsDir: config.freeswitch.recordingsDir },
    coordination: deps.coordination,
  });
  const callCenter = new EslCallCenter(esl);
  const configSync = new ConfigSync({
    repo: new ConfigSyncRepo(deps.db, new SecretBox(config.encryptionKey!)),
    esl,
    callCenter,
    storage: deps.storage,
    coordination: deps.coordination,
    confDir: config.freeswitch.confDir,
    recordingsDir: config.freeswitch.recordingsDir,
    log,
    registrar: config.sipRegistrar,
    ...(deps.timing?.syncIntervalMs ? { intervalMs: deps.timing.syncIntervalMs } : {}),
  });
  // Started after the config sync: on a reconnect its listener runs first, so a healing pass that
  // follows finds the queues and agents the resynchronisation pushed.
  const agentHealing = new AgentHealing({
    db: deps.db,
    esl,
    callCenter,
    coordination: deps.coordination,
    realtime,
    log,
    settledBefore: () => configSync.settled(),
    ...(deps.timing?.agentHealingIntervalMs ? { intervalMs: deps.timing.agentHealingIntervalMs } : {}),
    ...(deps.timing?.agentHealingGraceMs !== undefined ? { graceMs: deps.timing.agentHealingGraceMs } : {}),
  });
  // The predictive dialer originates through this connection and follows its events.
  const dialer = new DialerEngine({
    db: deps.db,
    coordination: deps.coordination,
    esl,
    realtime,
    log,
    options: { confDir: config.freeswitch.confDir, recordingsDir: config.freeswitch.recordingsDir, ...deps.dialer, simulation: config.dialerSimulation, realOutbound: config.dialerRealOutbound },
  });
  esl.start();
  configSync.start();
  agentHealing.start();
  dialer.start();
  return {
    target: {
      esl,
      host: endpoint.host,
      port: endpoint.port,
      activity: () => ({
        unattributedEvents: { total: consumer.tenants.unattributedTotal, byKind: Object.fromEntries(consumer.tenants.unattributed) },
        healing: { ...agentHealing.metrics, byKind: { ...agentHealing.metrics.byKind } },
      }),
    },
    configSync,
    agentHealing,
    dialer,
    simulatorControlUrl: endpoint.controlUrl,
    simulatorControlToken: endpoint.controlToken,
    async stop() {
      await dialer.stop();
      consumer.stop();
      await agentHealing.stop();
      await configSync.stop();
      await esl.stop();
      await endpoint.stop();
    },
  };
}
