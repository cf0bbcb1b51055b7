// An inbound event-socket client: connect, authenticate, subscribe (json), run api/bgapi with
// timeouts, and reconnect forever with backoff and jitter. 'connected' fires after every
// (re)subscription so callers can resynchronise; nothing is re-sent on their behalf.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Socket } from 'node:net';
import type { Logger } from 'pino';
import { reconnectDelay } from './backoff.ts';
import { EslParser, toSwitchEvent, type EslMessage, type SwitchEvent } from './esl-parser.ts';
import { SwitchCommandError, SwitchTimeoutError, SwitchUnavailableError } from './errors.ts';

export interface EslClientOptions {
  host: string;
  port: number;
  password: string;
  /** Event names to subscribe to; BACKGROUND_JOB is always added. */
  events: string[];
  /** CUSTOM subclasses, e.g. `sofia::register`, `callcenter::info`. */
  customSubclasses: string[];
  log: Pick<Logger, 'info' | 'warn' | 'debug'>;
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  backoff?: { baseMs: number; maxMs: number };
}

interface Pending {
  resolve(message: EslMessage): void;
  reject(error: Error): void;
  settled: boolean;
  timer: NodeJS.Timeout;
}

type ClientEvents = { connected: []; disconnected: [reason: string]; event: [event: SwitchEvent] };

export class EslClient extends EventEmitter<ClientEvents> {
  private socket: Socket | null = null;
  private ready = false;
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private replies: Pending[] = [];
  private readonly jobs = new Map<string, Pending>();
  private readonly commandTimeoutMs: number;
  /** What the log last said about the link, so a retry tick repeats nothing (issue 19). */
  private linkState: 'never' | 'up' | 'lost' | 'unreachable' = 'never';
  private lastReceived: Date | null = null;
  private lostAlive: Date | null = null;

  constructor(private readonly options: EslClientOptions) {
    super();
    this.commandTimeoutMs = options.commandTimeoutMs ?? 5_000;
  }

  get connected(): boolean {
    return this.ready;
  }

  /**
   * When the switch last sent anything on the link that dropped most recently: what happened on it
   * after that (a crash) is unknown. Null when no link was ever lost.
   */
  get lastAliveBeforeDrop(): Date | null {
    return this.lostAlive;
  }

  /** When the switch last sent anything: the last moment it was known alive. */
  get lastAliveAt(): Date | null {
    return this.lastReceived;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const socket = this.socket;
    if (!socket) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.destroy();
    });
  }

  /** Runs an api command; resolves with its text, rejects with -ERR as SwitchCommandError. */
  async api(command: string, timeoutMs = this.commandTimeoutMs): Promise<string> {
    const reply = await this.send(`api ${command}`, timeoutMs);
    if (reply.body.startsWith('-ERR')) throw new SwitchCommandError(command, reply.body);
    return reply.body;
  }

  /** Runs a background api command and waits for its BACKGROUND_JOB result. */
  async bgapi(command: string, timeoutMs = this.commandTimeoutMs): Promise<string> {
    const jobId = randomUUID();
    const result = new Promise<EslMessage>((resolve, reject) =>
      this.track(this.jobs, jobId, resolve, reject, timeoutMs, command),
    );
    try {
      const accepted = await this.send(`bgapi ${command}\nJob-UUID: ${jobId}`, timeoutMs);
      if (!accepted.headers['Reply-Text']?.startsWith('+OK'))
        throw new SwitchCommandError(command, accepted.headers['Reply-Text'] ?? '');
    } catch (error) {
      this.settleJob(jobId)?.reject(error as Error);
    }
    const body = (await result).body;
    if (body.startsWith('-ERR')) throw new SwitchCommandError(command, body);
    return body;
  }

  private send(command: string, timeoutMs: number): Promise<EslMessage> {
    const socket = this.socket;
    if (!socket || !this.ready)
      return Promise.reject(new SwitchUnavailableError('The switch is not connected'));
    return this.write(socket, command, timeoutMs);
  }

  private write(socket: Socket, command: string, timeoutMs: number): Promise<EslMessage> {
    return new Promise<EslMessage>((resolve, reject) => {
      const pending: Pending = {
        resolve,
        reject,
        settled: false,
        // A late reply still arrives in order, so the entry stays queued, only marked settled.
        timer: setTimeout(
          () =>
            settle(pending)?.reject(
              new SwitchTimeoutError(`No reply to ${command.split(/\s/)[0]} within ${timeoutMs} ms`),
            ),
          timeoutMs,
        ),
      };
      this.replies.push(pending);
      socket.write(`${command}\n\n`);
    });
  }

  private track(
    map: Map<string, Pending>,
    key: string,
    resolve: Pending['resolve'],
    reject: Pending['reject'],
    timeoutMs: number,
    command: string,
  ) {
    const pending: Pending = {
      resolve,
      reject,
      settled: false,
      timer: setTimeout(() => {
        map.delete(key);
        settle(pending)?.reject(
          new SwitchTimeoutError(`No result for ${command.split(' ')[0]} within ${timeoutMs} ms`),
        );
      }, timeoutMs),
    };
    map.set(key, pending);
  }

  private settleJob(jobId: string): Pending | undefined {
    const pending = this.jobs.get(jobId);
    this.jobs.delete(jobId);
    return pending ? settle(pending) : undefined;
  }

  private connect(): void {
    if (this.stopped) return;
    const { host, port } = this.options;
    const socket = new Socket();
    const parser = new EslParser();
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setTimeout(this.options.connectTimeoutMs ?? 3_000, () =>
      socket.destroy(new Error('connect timeout')),
    );
    // Keepalive probes notice a switch host that vanished without closing the connection.
    socket.setKeepAlive(true, 1_000);
    socket.on('data', (chunk) => {
      this.lastReceived = new Date();
      for (const message of parser.push(chunk)) this.handle(socket, message);
    });
    socket.on('error', (error) => this.options.log.debug({ err: error }, 'switch socket error'));
    // The switch closing its side (a shutdown) ends the link now, not at the next write.
    socket.on('end', () => socket.destroy());
    socket.on('close', () => this.closed(socket));
    socket.connect(port, host, () => socket.setTimeout(0));
  }

  private handle(socket: Socket, message: EslMessage): void {
    const type = message.headers['Content-Type'];
    if (type === 'auth/request') {
      void this.handshake(socket);
    } else if (type === 'command/reply' || type === 'api/response') {
      const pending = this.replies.shift();
      if (pending) settle(pending)?.resolve(message);
    } else if (type === 'text/event-json' || type === 'text/event-plain') {
      const event = toSwitchEvent(message);
      if (!event) return;
      if (event.name === 'BACKGROUND_JOB') {
        const jobId = event.headers['Job-UUID'];
        if (jobId) this.settleJob(jobId)?.resolve({ headers: event.headers, body: event.body });
      }
      this.emit('event', event);
    } else if (type === 'text/disconnect-notice') {
      socket.end();
    }
  }

  private async handshake(socket: Socket): Promise<void> {
    try {
      const auth = await this.write(socket, `auth ${this.options.password}`, this.commandTimeoutMs);
      if (!auth.headers['Reply-Text']?.startsWith('+OK')) {
        this.options.log.warn('the switch refused the event-socket password');
        socket.destroy();
        return;
      }
      const custom =
        this.options.customSubclasses.length > 0 ? ` CUSTOM ${this.options.customSubclasses.join(' ')}` : '';
      const events = [...new Set([...this.options.events, 'BACKGROUND_JOB'])].join(' ');
      await this.write(socket, `event json ${events}${custom}`, this.commandTimeoutMs);
      this.ready = true;
      this.attempt = 0;
      const after = this.linkState === 'never' ? undefined : this.linkState;
      this.linkState = 'up';
      this.options.log.info(
        { host: this.options.host, port: this.options.port, after },
        after ? 'switch reconnected' : 'switch connected',
      );
      this.emit('connected');
    } catch (error) {
      this.options.log.warn({ err: error }, 'switch handshake failed');
      socket.destroy();
    }
  }

  private closed(socket: Socket): void {
    if (this.socket !== socket) return;
    const wasReady = this.ready;
    this.ready = false;
    this.socket = null;
    const lost = new SwitchUnavailableError('The switch connection was lost');
    for (const pending of this.replies.splice(0)) settle(pending)?.reject(lost);
    for (const jobId of [...this.jobs.keys()]) this.settleJob(jobId)?.reject(lost);
    if (wasReady) {
      this.lostAlive = this.lastReceived;
      this.emit('disconnected', 'connection closed');
    }
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt++, this.options.backoff ?? { baseMs: 250, maxMs: 15_000 });
    this.logLink(wasReady, delay);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Warn once per change: the drop, then the first failed reconnect; later retry ticks stay debug. */
  private logLink(wasReady: boolean, delayMs: number): void {
    const { host, port } = this.options;
    const attempt = this.attempt;
    if (wasReady || this.linkState === 'up') {
      this.linkState = 'lost';
      this.options.log.warn(
        { host, port, lastAliveAt: this.lastReceived?.toISOString(), retryInMs: delayMs },
        'switch connection lost, reconnecting',
      );
    } else if (this.linkState === 'lost' || this.linkState === 'never') {
      this.linkState = 'unreachable';
      this.options.log.warn(
        { host, port, attempt, retryInMs: delayMs },
        'switch still unreachable, retrying with backoff',
      );
    } else {
      this.options.log.debug({ host, port, attempt, retryInMs: delayMs }, 'switch reconnect attempt failed');
    }
  }
}

function settle(pending: Pending): Pending | undefined {
  if (pending.settled) return undefined;
  pending.settled = true;
  clearTimeout(pending.timer);
  return pending;
}
