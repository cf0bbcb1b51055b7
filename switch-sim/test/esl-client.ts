// A minimal event-socket client for the tests: connect, wait for messages, send commands.
import { Socket } from 'node:net';
import { header, parseEvent, WireParser, type ParsedEvent, type WireMessage } from './esl-wire.ts';

export class TestEslClient {
  readonly messages: WireMessage[] = [];
  readonly raw: Buffer[] = [];
  private readonly parser = new WireParser();
  private readonly waiters: Array<() => void> = [];
  private cursor = 0;
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.raw.push(chunk);
      this.messages.push(...this.parser.push(chunk));
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('close', () => {
      this.closed = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static connect(port: number, host = '127.0.0.1'): Promise<TestEslClient> {
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      socket.once('error', reject);
      socket.connect(port, host, () => resolve(new TestEslClient(socket)));
    });
  }

  /** Waits for a message matching `predicate` among those not consumed yet (in order). */
  async next(predicate: (m: WireMessage) => boolean = () => true, timeoutMs = 5000): Promise<WireMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.messages.length; i++) {
        const m = this.messages[i]!;
        if (predicate(m)) {
          this.cursor = i + 1;
          return m;
        }
      }
      if (this.closed) throw new Error('connection closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a message');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  write(text: string): void {
    this.socket.write(text);
  }

  async command(cmd: string): Promise<WireMessage> {
    this.write(`${cmd}\n\n`);
    return this.next((m) => {
      const type = header(m, 'Content-Type');
      return type === 'command/reply' || type === 'api/response';
    });
  }

  async auth(password = 'ClueCon'): Promise<string> {
    await this.next((m) => header(m, 'Content-Type') === 'auth/request');
    return header(await this.command(`auth ${password}`), 'Reply-Text') ?? '';
  }

  async api(cmd: string): Promise<string> {
    return (await this.command(`api ${cmd}`)).body;
  }

  async bgapi(cmd: string): Promise<string> {
    const reply = await this.command(`bgapi ${cmd}`);
    return header(reply, 'Job-UUID') ?? '';
  }

  /** Every event received so far (not only unconsumed ones). */
  events(): ParsedEvent[] {
    return this.messages.map(parseEvent).filter((e): e is ParsedEvent => e !== undefined);
  }

  async waitEvent(predicate: (e: ParsedEvent) => boolean, timeoutMs = 5000): Promise<ParsedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events().find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('timed out waiting for an event');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  bytes(): Buffer {
    return Buffer.concat(this.raw);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.destroy();
    });
  }
}

export function eventHeader(event: ParsedEvent, name: string): string | undefined {
  return event.headers.find(([k]) => k === name)?.[1];
}
