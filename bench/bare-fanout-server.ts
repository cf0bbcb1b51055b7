// The realtime fan-out bench's baseline: a bare Socket.IO server with the platform's delivery rule
// (room per tenant, each event emitted to its tenant's room under its type) fed by the same Redis
// channel, without authentication, session watch or platform. The handshake names its tenant.
// Prints one JSON line { url } once it listens; stops on SIGTERM.
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { redisUrl } from './bench-env.ts';

// The channel of the platform's coordination layer (default prefix cc:).
const CHANNEL = 'cc:events';

const http = createServer();
const io = new Server(http, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => void socket.join(`tenant:${String((socket.handshake.auth as { tenantId?: string }).tenantId)}`));

const subscriber = new Redis(redisUrl);
subscriber.on('message', (_channel: string, raw: string) => {
  const message = JSON.parse(raw) as { kind?: string; event?: { type: string; tenantId: string } };
  if (message.kind === 'realtime' && message.event) io.to(`tenant:${message.event.tenantId}`).emit(message.event.type, message.event);
});
await subscriber.subscribe(CHANNEL);

http.listen(0, '127.0.0.1');
await once(http, 'listening');
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` })}\n`);
process.once('SIGTERM', () => {
  subscriber.disconnect();
  void io.close();
  process.exit(0);
});
