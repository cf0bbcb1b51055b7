// switch-sim command line.
//   serve        starts the ESL server and the control API (ports printed on stdout)
//   register <user@domain> <password> [expires] [--auto-answer[=<ms>]]   unregister <user@domain>
//   call <did> <caller-id-number>   answer <uuid> [extension]   dtmf <uuid> <digits>
//   hangup <uuid> [cause]   outcome <kind> [destination] [ring-ms] [talk-ms]
//   state   calls (one line per channel: uuid, state, name, caller and destination)
// serve reads FREESWITCH_ESL_PORT, FREESWITCH_ESL_PASSWORD, FREESWITCH_CONF_DIR (and
// SWITCH_SIM_CONTROL_PORT, SWITCH_SIM_SPEED, SWITCH_SIM_CONTROL_TOKEN); the other commands talk to
// SWITCH_SIM_CONTROL_URL (default http://127.0.0.1:8089) with the token of --token,
// SWITCH_SIM_CONTROL_TOKEN or the file `npm start` writes under DATA_DIR (default ./data).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTROL_TOKEN_FILE } from './control/access.ts';
import { OUTCOME_KINDS } from './core/outcomes.ts';
import { startSwitchSimulator } from './index.ts';

/** How long a phone registered with a bare --auto-answer rings before it picks up: well inside a dialer's abandon threshold. */
export const DEFAULT_AUTO_ANSWER_MS = 500;
/** Flags that stand alone (a value only after `=`), so they never swallow the next argument. */
const SWITCHES = new Set(['auto-answer']);

export interface CliOptions {
  command: string;
  args: string[];
  flags: Map<string, string>;
}

export function parseArgs(argv: string[]): CliOptions {
  const flags = new Map<string, string>();
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.slice(2).split('=', 2);
      flags.set(name, inline ?? (SWITCHES.has(name) ? '' : (argv[++i] ?? '')));
    } else {
      args.push(arg);
    }
  }
  return { command: args.shift() ?? 'help', args, flags };
}

function splitAddress(address: string): [string, string] {
  const at = address.indexOf('@');
  return at < 0 ? [address, '127.0.0.1'] : [address.slice(0, at), address.slice(at + 1)];
}

/** The control API request a client command turns into. */
export function toRequest(
  command: string,
  args: string[],
  flags: ReadonlyMap<string, string> = new Map(),
): { method: string; path: string; body?: Record<string, unknown> } | undefined {
  const [a, b, c, d] = args;
  switch (command) {
    case 'register': {
      const [user, domain] = splitAddress(a ?? '');
      const body: Record<string, unknown> = {
        user,
        domain,
        password: b ?? '',
        expires: c ? Number(c) : undefined,
      };
      if (flags.has('auto-answer')) body.autoAnswerMs = autoAnswerMs(flags.get('auto-answer')!);
      return { method: 'POST', path: '/phones/register', body };
    }
    case 'unregister': {
      const [user, domain] = splitAddress(a ?? '');
      return { method: 'POST', path: '/phones/unregister', body: { user, domain } };
    }
    case 'call':
      return { method: 'POST', path: '/calls/inbound', body: { did: a, callerIdNumber: b } };
    case 'answer':
      return { method: 'POST', path: `/calls/${encodeURIComponent(a ?? '')}/answer`, body: { extension: b } };
    case 'dtmf':
      return { method: 'POST', path: `/calls/${encodeURIComponent(a ?? '')}/dtmf`, body: { digits: b } };
    case 'hangup':
      return { method: 'POST', path: `/calls/${encodeURIComponent(a ?? '')}/hangup`, body: { cause: b } };
    case 'outcome':
      return {
        method: 'POST',
        path: '/outcomes',
        body: {
          outcome: a,
          destination: b,
          ringMs: c ? Number(c) : undefined,
          talkMs: d ? Number(d) : undefined,
        },
      };
    case 'state':
    case 'calls':
      return { method: 'GET', path: '/state' };
    default:
      return undefined;
  }
}

function autoAnswerMs(value: string): number {
  if (value === '') return DEFAULT_AUTO_ANSWER_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`--auto-answer takes a delay in milliseconds, not ${JSON.stringify(value)}`);
  return ms;
}

export const USAGE = [
  'usage: npm run sim -- <command>',
  '  serve                                          the simulator alone (npm run switch-sim)',
  `  register <user@domain> <password> [expires] [--auto-answer[=<ms>]]   a phone; with --auto-answer it picks up every call after <ms> (default ${DEFAULT_AUTO_ANSWER_MS})`,
  '  unregister <user@domain>',
  '  call <did> <caller-id-number>                  a customer calls a DID (prints the uuid)',
  '  answer <uuid> [extension]   dtmf <uuid> <digits>   hangup <uuid> [cause]',
  '  outcome <kind> [destination] [ring-ms] [talk-ms]   how the far end of the next dialled calls ends',
  `      kinds: ${OUTCOME_KINDS.join(', ')}, or a hangup cause (e.g. USER_BUSY)`,
  '  calls                                          one line per channel     state   everything as JSON',
].join('\n');

interface ChannelSummary {
  uuid: string;
  name: string;
  callState: string;
  callerIdNumber?: string;
  destination?: string;
}

/** `calls`: the channels of `/state` as lines a person can read and copy a uuid from. */
export function formatCalls(state: { channels: ChannelSummary[] }): string {
  if (state.channels.length === 0) return 'no channels';
  return state.channels
    .map((ch) =>
      [
        ch.uuid,
        ch.callState.padEnd(8),
        ch.name,
        `${ch.callerIdNumber ?? ''} -> ${ch.destination ?? ''}`,
      ].join('  '),
    )
    .join('\n');
}

/** The control token a client command sends: flag, environment, then the file `npm start` leaves. */
export function controlToken(flags: ReadonlyMap<string, string>, env: NodeJS.ProcessEnv): string | undefined {
  const given = flags.get('token') ?? env.SWITCH_SIM_CONTROL_TOKEN;
  if (given) return given;
  const file = join(resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data'), CONTROL_TOKEN_FILE);
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

async function serve(flags: Map<string, string>): Promise<void> {
  const env = process.env;
  const sim = await startSwitchSimulator({
    host: flags.get('host') ?? '127.0.0.1',
    eslPort: Number(flags.get('esl-port') ?? env.FREESWITCH_ESL_PORT ?? 8021),
    eslPassword: flags.get('password') ?? env.FREESWITCH_ESL_PASSWORD ?? 'ClueCon',
    confDir: resolve(flags.get('conf') ?? env.FREESWITCH_CONF_DIR ?? 'conf'),
    controlPort: Number(flags.get('control-port') ?? env.SWITCH_SIM_CONTROL_PORT ?? 8089),
    speed: Number(flags.get('speed') ?? env.SWITCH_SIM_SPEED ?? 1),
    recordingsDir: flags.get('recordings'),
    controlToken: flags.get('token') ?? env.SWITCH_SIM_CONTROL_TOKEN,
  });
  process.stdout.write(
    `switch-sim: event socket on 127.0.0.1:${sim.eslPort}\nswitch-sim: control API on ${sim.controlUrl}\n` +
      `switch-sim: control token ${sim.controlToken} (export SWITCH_SIM_CONTROL_TOKEN=${sim.controlToken} for npm run sim)\n`,
  );
  const stop = (): void => {
    void sim.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(argv: string[]): Promise<number> {
  const { command, args, flags } = parseArgs(argv);
  if (command === 'serve') {
    await serve(flags);
    return -1;
  }
  const request = toRequest(command, args, flags);
  if (!request) {
    process.stdout.write(`${USAGE}\n`);
    return command === 'help' ? 0 : 2;
  }
  const base = flags.get('control') ?? process.env.SWITCH_SIM_CONTROL_URL ?? 'http://127.0.0.1:8089';
  const response = await fetch(new URL(request.path, base), {
    method: request.method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${controlToken(flags, process.env) ?? ''}`,
    },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  const text = await response.text();
  process.stdout.write(
    `${command === 'calls' && response.ok ? formatCalls(JSON.parse(text) as { channels: ChannelSummary[] }) : text}\n`,
  );
  return response.ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}` || process.argv[1]?.endsWith('cli.ts')) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
