// Programmatic entry point: starts the simulated switch (ESL server + control HTTP API).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScaledClock } from './clock.ts';
import { newControlToken } from './control/access.ts';
import { ControlActions } from './control/actions.ts';
import { ControlServer } from './control/http.ts';
import { SwitchCore } from './core/core.ts';
import { EslServer } from './esl/server.ts';

export interface SwitchSimulatorOptions {
  host?: string;
  /** 0 = random port; default 8021. */
  eslPort?: number;
  eslPassword?: string;
  confDir: string;
  /** 0 = random port (default). */
  controlPort?: number;
  /** Simulated time runs this many times faster than real time (default 1). */
  speed?: number;
  recordingsDir?: string;
  /** What control requests must carry (Authorization: Bearer); default a fresh random one. */
  controlToken?: string;
  /** Global variables over the stock ones, as `<X-PRE-PROCESS cmd="set">` lines in vars.xml set them. */
  globals?: Record<string, string>;
}

export interface SwitchSimulator {
  eslPort: number;
  controlUrl: string;
  controlToken: string;
  model: SwitchCore;
  control: ControlActions;
  stop(): Promise<void>;
}

export async function startSwitchSimulator(options: SwitchSimulatorOptions): Promise<SwitchSimulator> {
  const host = options.host ?? '127.0.0.1';
  const clock = new ScaledClock(options.speed ?? 1);
  const model = new SwitchCore({
    clock,
    confDir: options.confDir,
    recordingsDir: options.recordingsDir ?? join(tmpdir(), 'switch-sim-recordings'),
    ip: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host,
    globals: options.globals,
  });
  const error = model.reloadXml();
  if (error) throw new Error(`switch-sim: configuration in ${options.confDir} is invalid: ${error}`);
  model.callcenter.loadModule();
  const esl = new EslServer({
    password: options.eslPassword ?? 'ClueCon',
    bus: model.bus,
    api: (cmd, arg) => model.api.execute(cmd, arg),
  });
  const control = new ControlActions(model);
  const controlToken = options.controlToken ?? newControlToken();
  const http = new ControlServer(control, controlToken);
  const eslPort = await esl.listen(host, options.eslPort ?? 8021);
  let controlPort: number;
  try {
    controlPort = await http.listen(host, options.controlPort ?? 0);
  } catch (err) {
    await esl.close();
    await model.stop();
    clock.cancelAll();
    throw err;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    eslPort,
    controlUrl: `http://${urlHost}:${controlPort}`,
    controlToken,
    model,
    control,
    async stop() {
      await esl.close();
      await http.close();
      await model.stop();
      clock.cancelAll();
    },
  };
}

export type { SwitchCore } from './core/core.ts';
export { CONTROL_TOKEN_FILE } from './control/access.ts';
