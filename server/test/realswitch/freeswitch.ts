// A real FreeSWITCH 1.10.12 for one test file: its stock configuration (conf/vanilla) made ready the
// way docs/freeswitch.md tells an operator, in a private folder, on free loopback ports.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export interface RealSwitch {
  /** The FreeSWITCH configuration folder (the operator's /etc/freeswitch). */
  conf: string;
  /** The platform's FREESWITCH_CONF_DIR. */
  platformDir: string;
  eslPort: number;
  eslPassword: string;
  /** The `internal` profile (phones) and the `external` one (carriers, DIDs). */
  internalPort: number;
  externalPort: number;
  log: () => string;
  stop(): Promise<void>;
  /** Stops it and starts it again on the same ports and folders (a restarted switch). */
  restart(): Promise<void>;
}

/** A port free for both TCP and UDP on 127.0.0.1 (SIP listens on both). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
      server.on('error', reject);
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
}

const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(file, change(readFileSync(file, 'utf8')));
const setVar = (name: string, value: string) => `<X-PRE-PROCESS cmd="set" data="${name}=${value}"/>`;

/** Makes a copy of the stock configuration ready, step by step as docs/freeswitch.md says. */
function configure(prefix: string, sw: Omit<RealSwitch, 'log' | 'stop' | 'restart'>): void {
  cpSync(path.join(prefix, 'conf-vanilla'), sw.conf, { recursive: true });
  // An offline host on loopback (the sources' README): no STUN, every profile on 127.0.0.1, and
  // ports of its own so that nothing else on the machine collides with it.
  edit(path.join(sw.conf, 'vars.xml'), (text) =>
    text
      .replace('<include>', `<include>\n  ${setVar('local_ip_v4', '127.0.0.1')}`)
      .replace(/<X-PRE-PROCESS cmd="stun-set" data="external_(rtp|sip)_ip=[^"]*"\/>/g, (_, kind: string) =>
        setVar(`external_${kind}_ip`, '127.0.0.1'),
      )
      .replace(/data="internal_sip_port=\d+"/, `data="internal_sip_port=${sw.internalPort}"`)
      .replace(/data="external_sip_port=\d+"/, `data="external_sip_port=${sw.externalPort}"`),
  );
  for (const v6 of ['internal-ipv6.xml', 'external-ipv6.xml']) rmSync(path.join(sw.conf, 'sip_profiles', v6));
  // Steps 1 and 2: the patch script on the stock configuration.
  execFileSync('sh', [path.join(root, 'deploy/freeswitch/patch-stock-config.sh'), sw.conf, sw.platformDir]);
  // Step 4: our event socket file, with the platform's password and a port of its own.
  edit(path.join(sw.conf, 'autoload_configs/event_socket.conf.xml'), () =>
    readFileSync(path.join(root, 'deploy/freeswitch/autoload_configs/event_socket.conf.xml'), 'utf8')
      .replace(/name="listen-port" value="\d+"/, `name="listen-port" value="${sw.eslPort}"`)
      .replace(/name="password" value="[^"]*"/, `name="password" value="${sw.eslPassword}"`),
  );
  // Step 5: no stock default password.
  edit(path.join(sw.conf, 'vars.xml'), (text) =>
    text.replace('data="default_password=1234"', 'data="default_password=not-the-stock-one-7"'),
  );
  // Step 6: mod_callcenter, commented out in the stock modules.conf.xml.
  edit(path.join(sw.conf, 'autoload_configs/modules.conf.xml'), (text) =>
    text.replace('<!--<load module="mod_callcenter"/>-->', '<load module="mod_callcenter"/>'),
  );
  // Step 7: the switch's own hold music, the same generated chime as the queues' default (no sound packages).
  edit(path.join(sw.conf, 'vars.xml'), (text) =>
    text.replace(
      'data="hold_music=local_stream://moh"',
      'data="hold_music=tone_stream://v=-14;%(600,150,523.25);%(600,3650,659.25);loops=-1"',
    ),
  );
}

async function eslAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().includes('auth/request'));
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

export async function startRealSwitch(prefix: string): Promise<RealSwitch> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'real-switch-'));
  const sw = {
    conf: path.join(scratch, 'conf'),
    platformDir: path.join(scratch, 'platform'),
    eslPort: await freePort(),
    eslPassword: 'ClueCon',
    internalPort: await freePort(),
    externalPort: await freePort(),
  };
  configure(prefix, sw);
  const dirs = Object.fromEntries(
    ['log', 'db', 'run', 'storage', 'cache', 'temp', 'sounds', 'recordings'].map((name) => [
      name,
      path.join(scratch, name),
    ]),
  );
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    const args = [
      '-nf',
      '-nonat',
      '-nc',
      '-conf',
      sw.conf,
      ...Object.entries(dirs).flatMap(([name, dir]) => [`-${name}`, dir]),
    ];
    child = spawn(path.join(prefix, 'bin/freeswitch'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (data: Buffer) => (output = (output + data.toString()).slice(-200_000)));
    child.stderr!.on('data', (data: Buffer) => (output = (output + data.toString()).slice(-200_000)));
    const deadline = Date.now() + 60_000;
    while (!(await eslAnswers(sw.eslPort))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL'); // never left running behind a failed start
        throw new Error(`the real switch did not start:\n${output.slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return {
    ...sw,
    log: () => output,
    stop,
    async restart() {
      await stop();
      await start();
    },
  };
}
