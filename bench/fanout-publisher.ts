// The realtime fan-out bench's publisher process: the platform's own publisher (realtimePublisher on
// the Redis coordination layer, the one channel every instance subscribes to) sending a
// schema-valid QUEUE_MEMBER_COUNT round-robin over the tenants at a fixed rate; `at` is its send time.
// Usage: fanout-publisher.ts <tenant ids, comma-separated> <events per second> <warm-up s> <seconds>
// Prints one JSON line: { warmup, measured, seconds, redisP99 }: events published, the measured
// span, and the p99 of publish → this process's own subscription (the Redis hop, the part of the
// delivery latency no server can do anything about).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { redisUrl } from './bench-env.ts';
import { EVENT_TYPE, MEASURED_FROM, quantile } from './fanout-shared.ts';
import { createCoordination } from '../server/src/platform/coordination/index.ts';
import { realtimePublisher } from '../server/src/platform/realtime/events.ts';

const [tenantList, rateText, warmupText, secondsText] = process.argv.slice(2);
if (!tenantList || !rateText || !warmupText || !secondsText) throw new Error('usage: fanout-publisher.ts <tenants> <rate> <warm-up s> <seconds>');
const tenants = tenantList.split(',');
const rate = Number(rateText);
const coordination = createCoordination({ redisUrl });
const publisher = realtimePublisher(coordination);
const queueId = randomUUID();
const TICK_MS = 5;
let failed = 0;

/** Hears the channel as a server does; the latency of the measured events. */
async function redisHop(): Promise<{ latencies: number[]; stop: () => void }> {
  const ours = new Set(tenants);
  const latencies: number[] = [];
  const probe = new Redis(redisUrl);
  probe.on('message', (_channel: string, raw: string) => {
    const { event } = JSON.parse(raw) as { event?: { tenantId: string; at: string; count: number } };
    if (event && ours.has(event.tenantId) && event.count >= MEASURED_FROM) latencies.push(Date.now() - Date.parse(event.at));
  });
  await probe.subscribe('cc:events');
  return { latencies, stop: () => probe.disconnect() };
}

/**
 * Publishes for `seconds`: on every tick, as many as the elapsed time asks for (a late timer
 * catches up instead of lowering the rate). Event i goes to tenant i mod n, numbered from `first`.
 */
async function publishFor(seconds: number, first: number): Promise<{ published: number; seconds: number }> {
  const total = Math.floor(seconds * rate);
  const started = performance.now();
  const sent: Promise<void>[] = [];
  while (sent.length < total) {
    const due = Math.min(Math.floor(((performance.now() - started) / 1000) * rate), total);
    for (let index = sent.length; index < due; index += 1) {
      const count = first + Math.floor(index / tenants.length);
      // A refused publish (the platform's 1 s command timeout) is counted: the run is then invalid.
      sent.push(publisher.publish(tenants[index % tenants.length]!, EVENT_TYPE, { queueId, count }).catch(() => void (failed += 1)));
    }
    if (sent.length < total) await sleep(TICK_MS);
  }
  await Promise.all(sent);
  return { published: total, seconds: (performance.now() - started) / 1000 };
}

const hop = await redisHop();
const warmup = await publishFor(Number(warmupText), 0);
const measured = await publishFor(Number(secondsText), MEASURED_FROM);
await coordination.close();
hop.stop();
if (failed > 0) throw new Error(`${failed} publishes failed (Redis did not answer within the platform's command timeout)`);
const redisP99 = quantile(Float64Array.from(hop.latencies).sort(), 0.99);
process.stdout.write(`${JSON.stringify({ warmup: warmup.published, measured: measured.published, seconds: measured.seconds, redisP99 })}\n`);
