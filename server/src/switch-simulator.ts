// The built-in switch simulator, started in process when FREESWITCH_ESL_HOST is unset: it speaks
// the real event-socket protocol on a loopback port, so the platform talks to it as to FreeSWITCH.
import { mkdir } from 'node:fs/promises';
import { startSwitchSimulator } from '@callcenter/switch-sim';
import type { SimulatorStarter } from './switch-runtime.ts';

/** The simulator CLI's default control address, so `npm run sim -- …` works without options. */
export const PREFERRED_CONTROL_PORT = 8089;

export const startBuiltInSimulator: SimulatorStarter = async ({ confDir, password, recordingsDir, log }) => {
  await mkdir(confDir, { recursive: true });
  const start = (controlPort: number) =>
    startSwitchSimulator({ host: '127.0.0.1', eslPort: 0, eslPassword: password, confDir, controlPort, recordingsDir });
  // A second platform (or a test run) on the same machine takes any free port instead.
  const simulator = await start(PREFERRED_CONTROL_PORT).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return start(0);
    throw error;
  });
  log.info({ eslPort: simulator.eslPort, controlUrl: simulator.controlUrl }, 'built-in switch simulator started');
  return { host: '127.0.0.1', port: simulator.eslPort, password, controlUrl: simulator.controlUrl, stop: () => simulator.stop() };
};
