import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EslClient } from './esl-client.ts';

// A minimal event socket at the edge: it asks for auth and accepts every command.
function fakeSwitch(port = 0): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.write('Content-Type: auth/request\n\n');
    socket.on('data', (chunk) => {
      for (let i = 0; i < chunk.toString().split('\n\n').length - 1; i += 1)
        socket.write('Content-Type: command/reply\nReply-Text: +OK accepted\n\n');
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port, sockets }),
    ),
  );
}

const until = async (check: () => boolean, ms = 5_000) => {
  for (const start = Date.now(); !check();) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

let client: EslClient | null = null;
afterEach(async () => client?.stop());

describe('EslClient link logging', () => {
  it('warns once when the switch drops and once when reconnecting keeps failing, however many retries', async () => {
    const lines: { level: string; msg: string; data: Record<string, unknown> }[] = [];
    const log = (level: string) => (data: Record<string, unknown> | string, msg?: string) =>
      lines.push({
        level,
        msg: typeof data === 'string' ? data : msg!,
        data: typeof data === 'string' ? {} : data,
      });
    const first = await fakeSwitch();
    client = new EslClient({
      host: '127.0.0.1',
      port: first.port,
      password: 'x',
      events: [],
      customSubclasses: [],
      log: { info: log('info'), warn: log('warn'), debug: log('debug') } as never,
      backoff: { baseMs: 20, maxMs: 40 },
    });
    client.start();
    await until(() => client!.connected);
    expect(client.lastAliveAt).toBeInstanceOf(Date);
    // The switch dies: its connection closes and nothing listens any more.
    await new Promise<void>((resolve) => {
      first.server.close(() => resolve());
      for (const socket of first.sockets) socket.destroy();
    });
    await until(() => lines.filter((line) => line.msg === 'switch reconnect attempt failed').length >= 5);
    const warns = lines.filter((line) => line.level === 'warn').map((line) => line.msg);
    expect(warns).toEqual([
      'switch connection lost, reconnecting',
      'switch still unreachable, retrying with backoff',
    ]);
    expect(lines.find((line) => line.msg === 'switch connection lost, reconnecting')!.data.lastAliveAt).toBe(
      client.lastAliveAt!.toISOString(),
    );
    // It comes back on the same port: one line says so, and a new drop warns again.
    const second = await fakeSwitch(first.port);
    await until(() => client!.connected);
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      msg: 'switch reconnected',
      data: { after: 'unreachable' },
    });
    for (const socket of second.sockets) socket.destroy();
    await until(() => lines.filter((line) => line.level === 'warn').length === 3);
    expect(lines.filter((line) => line.level === 'warn').at(-1)!.msg).toBe(
      'switch connection lost, reconnecting',
    );
    await client.stop();
    await new Promise((resolve) => second.server.close(resolve));
  });
});
