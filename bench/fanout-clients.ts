// The realtime fan-out bench's load process (forked with an IPC channel, so the clients' CPU is not
// the server's): opens one Socket.IO connection per client, websocket transport as the console's,
// records every event's delivery latency and checks that each client gets exactly its tenant's.
import { io, type Socket } from 'socket.io-client';
import { EVENT_TYPE, MEASURED_FROM, quantile, type ClientSpec, type FromLoad, type LoadReport, type ToLoad } from './fanout-shared.ts';

// Handshakes in flight at once: a console page opens one, 2,000 at once would only measure a storm.
const CONNECTING_AT_ONCE = 50;
const CONNECT_TIMEOUT_MS = 20_000;

interface Client {
  spec: ClientSpec;
  socket: Socket;
  /** Measured sequence numbers received. */
  seen: Set<number>;
}

const clients: Client[] = [];
const latencies: number[] = [];
/** When each measured event was sent (epoch ms), beside its latency. */
const sentAt: number[] = [];
let duplicates = 0;
let foreign = 0;
let disconnects = 0;
let measuring = true;

const send = (message: FromLoad) => process.send!(message);

/** Every event a client hears, whatever its name: only its own tenant's may come. */
function receive(client: Client, type: string, event: { tenantId?: string; at?: string; count?: number }): void {
  const receivedAt = Date.now();
  if (event.tenantId !== client.spec.tenantId) foreign += 1;
  if (type !== EVENT_TYPE || event.count === undefined || event.count < MEASURED_FROM) return;
  if (client.seen.has(event.count)) duplicates += 1;
  client.seen.add(event.count);
  const sent = Date.parse(event.at!);
  sentAt.push(sent);
  latencies.push(receivedAt - sent);
}

function connect(spec: ClientSpec): Promise<Client> {
  // forceNew: one connection per client, not one multiplexed Manager per URL.
  const socket = io(spec.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: spec.auth, timeout: CONNECT_TIMEOUT_MS });
  const client: Client = { spec, socket, seen: new Set() };
  socket.onAny((type: string, event: Parameters<typeof receive>[2]) => receive(client, type, event));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.on('disconnect', () => measuring && (disconnects += 1));
      resolve(client);
    });
    socket.once('connect_error', (error) => reject(new Error(`${spec.url} as ${spec.tenantId}: ${error.message}`)));
  });
}

async function connectAll(specs: ClientSpec[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < specs.length; index = next++) clients.push(await connect(specs[index]!));
  };
  await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, worker));
}

/** p99 of the events sent in each second of the run: a steady cost or a few stalls? */
function p99BySecond(): number[] {
  const first = Math.min(...sentAt);
  const seconds: number[][] = [];
  sentAt.forEach((sent, index) => (seconds[Math.floor((sent - first) / 1000)] ??= []).push(latencies[index]!));
  return Array.from(seconds, (values) => quantile(Float64Array.from(values ?? []).sort(), 0.99));
}

function report(expected: Record<string, number>): LoadReport {
  measuring = false;
  let missing = 0;
  for (const client of clients) missing += Math.max(0, (expected[client.spec.tenantId] ?? 0) - client.seen.size);
  const sorted = Float64Array.from(latencies).sort();
  return {
    kind: 'report',
    deliveries: latencies.length,
    missing,
    duplicates,
    foreign,
    disconnects,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    p99BySecond: p99BySecond(),
  };
}

process.on('message', (message: ToLoad) => {
  if (message.kind === 'connect') {
    const started = performance.now();
    connectAll(message.clients).then(
      () => send({ kind: 'connected', seconds: (performance.now() - started) / 1000 }),
      (error: Error) => send({ kind: 'failed', message: error.message }),
    );
  } else {
    send(report(message.expected));
    for (const client of clients) client.socket.disconnect();
    process.disconnect();
  }
});
