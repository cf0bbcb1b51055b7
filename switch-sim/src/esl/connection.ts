// One inbound event-socket listener: auth, commands, replies and the event queue. Events that
// arrive while a command runs are held and sent after its reply, as FreeSWITCH's single
// listener thread does (e.g. `api originate` answers before the channel events it caused).
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { SwitchEvent } from '../events/event.ts';
import type { EventBus } from '../events/bus.ts';
import { CommandReader, type EslCommand } from './command-reader.ts';
import { frameEvent } from './serialize.ts';
import { Subscription } from './subscription.ts';

export interface EslBackend {
  readonly password: string;
  readonly bus: EventBus;
  /** Runs an api command and returns its output exactly as FreeSWITCH writes it. */
  api(command: string, arg: string | undefined): Promise<string>;
}

const GOODBYE = 'Disconnected, goodbye.\nSee you at ClueCon! http://www.cluecon.com/\n';

export class EslConnection {
  private readonly reader = new CommandReader();
  private readonly subscription = new Subscription();
  private readonly pending: Buffer[] = [];
  private readonly commands: EslCommand[] = [];
  private authed = false;
  private running = true;
  private busy = false;
  private flushScheduled = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly socket: Socket,
    private readonly backend: EslBackend,
  ) {
    socket.setNoDelay(true);
    this.unsubscribe = backend.bus.subscribe((event) => this.onEvent(event));
    socket.on('data', (chunk: Buffer) => {
      if (!this.running) return;
      this.commands.push(...this.reader.push(chunk));
      void this.drain();
    });
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
    this.write('Content-Type: auth/request\n\n');
  }

  close(): void {
    this.running = false;
    this.dispose();
    this.socket.destroy();
  }

  private dispose(): void {
    this.running = false;
    this.unsubscribe();
  }

  private write(data: string | Buffer): void {
    if (!this.socket.destroyed && this.socket.writable) this.socket.write(data);
  }

  private reply(text: string): void {
    this.write(`Content-Type: command/reply\nReply-Text: ${text}\n\n`);
  }

  private disconnect(): void {
    this.running = false;
    this.unsubscribe();
    this.pending.length = 0;
    this.write(`Content-Type: text/disconnect-notice\nContent-Length: ${Buffer.byteLength(GOODBYE)}\n\n${GOODBYE}`);
    this.socket.end();
  }

  private onEvent(event: SwitchEvent): void {
    if (!this.running || !this.authed || !this.subscription.wants(event)) return;
    this.pending.push(frameEvent(event, this.subscription.format));
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.busy) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.busy || !this.running || this.pending.length === 0) return;
    this.write(Buffer.concat(this.pending.splice(0)));
  }

  private async drain(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.running && this.commands.length > 0) {
        const next = this.commands.shift()!;
        await this.handle(next);
        if (this.running) this.flush();
      }
    } finally {
      this.busy = false;
      if (this.running) this.scheduleFlush();
    }
  }

  private async handle(packet: EslCommand): Promise<void> {
    const cmd = packet.command.replace(/\r$/, '');
    const lower = cmd.toLowerCase();
    if (lower.startsWith('exit') || lower.startsWith('...')) {
      this.reply('+OK bye');
      this.disconnect();
      return;
    }
    if (!this.authed) {
      if (lower.startsWith('auth ')) {
        if (cmd.slice(5) === this.backend.password) {
          this.authed = true;
          this.reply('+OK accepted');
        } else {
          this.reply('-ERR invalid');
          this.disconnect();
        }
        return;
      }
      this.reply('-ERR command not found');
      return;
    }
    if (lower.startsWith('api ')) {
      const [command, arg] = splitCommand(cmd.slice(4));
      const output = await this.backend.api(command, arg);
      const body = output.length > 0 ? output : '-ERR no reply\n';
      this.write(`Content-Type: api/response\nContent-Length: ${Buffer.byteLength(body)}\n\n${body}`);
      return;
    }
    if (lower.startsWith('bgapi ')) {
      const [command, arg] = splitCommand(cmd.slice(6));
      const jobUuid = packet.headers.get('job-uuid') ?? randomUUID();
      this.write(`Content-Type: command/reply\nReply-Text: +OK Job-UUID: ${jobUuid}\nJob-UUID: ${jobUuid}\n\n`);
      void this.runJob(jobUuid, command, arg);
      return;
    }
    if (lower.startsWith('event')) {
      this.reply(this.subscription.subscribe(tokens(cmd.slice(5))));
      return;
    }
    if (lower.startsWith('nixevent')) {
      this.reply(this.subscription.nix(tokens(cmd.slice(8))));
      return;
    }
    if (lower.startsWith('noevents')) {
      this.pending.length = 0;
      this.reply(this.subscription.clear());
      return;
    }
    if (lower.startsWith('filter ')) {
      this.reply(this.subscription.filter(cmd.slice(7)));
      return;
    }
    if (lower.startsWith('linger') || lower.startsWith('nolinger')) {
      this.reply('-ERR not controlling a session');
      return;
    }
    this.reply('-ERR command not found');
  }

  private async runJob(jobUuid: string, command: string, arg: string | undefined): Promise<void> {
    const output = await this.backend.api(command, arg);
    const bus = this.backend.bus;
    const event = bus.create('BACKGROUND_JOB', { file: 'mod_event_socket.c', func: 'api_exec', line: 1572 });
    event.add('Job-UUID', jobUuid).add('Job-Command', command).add('Job-Command-Arg', arg);
    event.body = output;
    bus.fire(event);
  }
}

/** `cmd arg...` → [cmd, arg | undefined] (strchr on the first space). */
function splitCommand(text: string): [string, string | undefined] {
  const space = text.indexOf(' ');
  return space < 0 ? [text, undefined] : [text.slice(0, space), text.slice(space + 1)];
}

/** The space-separated tokens after the command word (strchr-based, so empty tokens survive). */
function tokens(rest: string): string[] {
  const space = rest.indexOf(' ');
  return space < 0 ? [] : rest.slice(space + 1).split(' ');
}
