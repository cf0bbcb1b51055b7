// The built-in switch simulator, started in process when FREESWITCH_ESL_HOST is unset: it speaks
// the real event-socket protocol on a loopback port, so the platform talks to it as to FreeSWITCH.
import { mkdir } from 'node:fs/promises';
import { startSwitchSimulator } from '@callcenter/switch-sim';
import type { SimulatorStarter } from './switch-runtime.ts';

export const startBuiltInSimulator: SimulatorStarter = async ({ confDir, password, recordingsDir, log }) => {
  await mkdir(confDir, { recursive: true });
  const simulator = await startSwitchSimulator({ host: '127.0.0.1', eslPort: 0, eslPassword: password, confDir, controlPort: 0, recordingsDir });
  log.info({ eslPort: simulator.eslPort, controlUrl: simulator.controlUrl }, 'built-in switch simulator started');
  return { host: '127.0.0.1', port: simulator.eslPort, password, stop: () => simulator.stop() };
};
