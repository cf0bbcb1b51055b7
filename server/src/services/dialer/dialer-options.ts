// What the dialer engine is built from and told (dialer.service.ts): its options, its dependencies
// and the defaults of its timers and buckets.
import type { Logger } from 'pino';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import type { SimulationModel } from './simulated-outcome.ts';

export interface DialerOptions {
  /** DIALER_SIMULATION: outcomes drawn by the dialer; only answered customers reach the switch. */
  simulation: boolean;
  /** DIALER_REAL_OUTBOUND: with simulation off, calls go out through the campaign's trunk. */
  realOutbound: boolean;
  tickMs?: number;
  lockTtlMs?: number;
  reconcileMs?: number;
  /** The GLOBAL CPS bucket: calls per second the platform originates in all. */
  globalCps?: number;
  simulationModel?: SimulationModel;
  random?: () => number;
  /** The clock of the calling-hour rules (tests fix it; everything else uses the real time). */
  callingClock?: () => Date;
  /** What an abandoned customer hears before being released (a sound the switch can play). */
  abandonMessage?: string;
  /** FREESWITCH_CONF_DIR: where a campaign's own abandon message is on the switch (decision 0052). */
  confDir?: string;
  /** FREESWITCH_RECORDINGS_DIR: where a recording campaign's calls are recorded (as its queue's would be). */
  recordingsDir?: string;
  /** Names this process in its attempts. */
  owner?: string;
  /** How long a count of the leads waiting for their window stands before it is made again (30 s). */
  waitingCountMs?: number;
}

export interface DialerDeps {
  db: DatabaseHandles;
  coordination: Coordination;
  esl: Pick<EslClient, 'api' | 'bgapi' | 'on' | 'off' | 'connected'>;
  realtime: RealtimePublisher;
  log: Logger;
  options: DialerOptions;
}

export const DEFAULT_TICK_MS = 2_000;
export const DEFAULT_LOCK_TTL_MS = 10_000;
export const DEFAULT_RECONCILE_MS = 60_000;
export const DEFAULT_GLOBAL_CPS = 200;
export const DEFAULT_WAITING_COUNT_MS = 30_000;
