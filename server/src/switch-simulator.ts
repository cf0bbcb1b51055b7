// The built-in switch simulator, started in process when FREESWITCH_ESL_HOST is unset: it speaks
// the real event-socket protocol on a loopback port, so the platform talks to it as to FreeSWITCH.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTROL_TOKEN_FILE, startSwitchSimulator } from '@callcenter/switch-sim';
import type { SimulatorStarter } from './switch-runtime.ts';

/** The simulator CLI's default control address, so `npm run sim -- …` works without options. */
export const PREFERRED_CONTROL_PORT = 8089;

/** The built-in switch is set up as docs/freeswitch.md says (step 7): hold music it generates itself. */
export const BUILT_IN_HOLD_MUSIC = 'tone_stream://v=-14;%(600,150,523.25);%(600,3650,659.25);loops=-1';

export const startBuiltInSimulator: SimulatorStarter = async ({
  confDir,
  password,
  recordingsDir,
  dataDir,
  log,
}) => {
  await mkdir(confDir, { recursive: true });
  const start = (controlPort: number) =>
    startSwitchSimulator({
      host: '127.0.0.1',
      eslPort: 0,
      eslPassword: password,
      confDir,
      controlPort,
      recordingsDir,
      globals: { hold_music: BUILT_IN_HOLD_MUSIC },
    });
  // A second platform (or a test run) on the same machine takes any free port instead.
  const simulator = await start(PREFERRED_CONTROL_PORT).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return start(0);
    throw error;
  });
  // `npm run sim` reads it from here, so the README's commands need no token typed in.
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, CONTROL_TOKEN_FILE), `${simulator.controlToken}\n`, { mode: 0o600 });
  log.info(
    { eslPort: simulator.eslPort, controlUrl: simulator.controlUrl },
    'built-in switch simulator started',
  );
  return {
    host: '127.0.0.1',
    port: simulator.eslPort,
    password,
    controlUrl: simulator.controlUrl,
    controlToken: simulator.controlToken,
    stop: () => simulator.stop(),
  };
};
