// A real platform for browser tests: the HTTP server on a random loopback port, serving the built
// console, on the run's database, with a fresh platform super admin whose password need not change.
// With `withSwitch`, it also runs against the switch simulator over the event socket.
import type { SwitchSimulator } from '@callcenter/switch-sim';
import { realtimePublisher, type RealtimePublisher } from '../src/platform/realtime/events.ts';
import { WEB_DIST_DIR } from '../src/runtime.ts';
import { createPlatformAdmin, startTestApp, type TestApp } from './harness.ts';
import { startSwitchedApp, type SwitchedAppOptions } from './switch.ts';

export interface TestPlatform {
  baseUrl: string;
  platformAdmin: { email: string; password: string };
  /** The simulated switch, when started `withSwitch`. */
  simulator: (() => SwitchSimulator) | null;
  /** The run's database, for rows only the switch would write (a dialer's call record). */
  db: TestApp['db'];
  /** The platform's realtime publisher, for events only a background service would publish (the dialer's ticks). */
  realtime: RealtimePublisher;
  stop(): Promise<void>;
}

export interface TestPlatformOptions {
  withSwitch?: boolean;
  /** The dialer's tuning, with the switch (a fixed calling clock, a steered simulation model). */
  dialer?: SwitchedAppOptions['dialer'];
}

export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  // E2E_WEB_DIST_DIR lets parallel work test its own build without overwriting web/dist.
  const webDistDir = process.env.E2E_WEB_DIST_DIR ?? WEB_DIST_DIR;
  const switched = options.withSwitch ? await startSwitchedApp({ webDistDir, ...(options.dialer ? { dialer: options.dialer } : {}) }) : null;
  const t = switched ?? (await startTestApp({ webDistDir }));
  const admin = await createPlatformAdmin(t.db);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    platformAdmin: { email: admin.email, password: admin.password },
    simulator: switched ? switched.simulator : null,
    db: t.db,
    realtime: realtimePublisher(t.coordination),
    stop: () => t.close(),
  };
}
