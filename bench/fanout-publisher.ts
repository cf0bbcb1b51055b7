// The realtime fan-out bench's publisher process: the platform's own publisher (realtimePublisher on
// the Redis coordination layer, the one channel every instance subscribes to) sending a
// schema-valid QUEUE_MEMBER_COUNT round-robin over the tenants at a fixed rate; `at` is its send time.
// Usage: fanout-publisher.ts <tenant ids, comma-separated> <events per second> <warm-up s> <seconds>
// Prints one JSON line: { warmup, measured, seconds } (events published and the measured span).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { redisUrl } from './bench-env.ts';
import { EVENT_TYPE, MEASURED_FROM } from './fanout-shared.ts';
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
      sent.push(publisher.publish(tenants[index % tenants.length]!, EVENT_TYPE, { queueId, count }));
    }
    if (sent.length < total) await sleep(TICK_MS);
  }
  await Promise.all(sent);
  return { published: total, seconds: (performance.now() - started) / 1000 };
}

const warmup = await publishFor(Number(warmupText), 0);
const measured = await publishFor(Number(secondsText), MEASURED_FROM);
await coordination.close();
process.stdout.write(`${JSON.stringify({ warmup: warmup.published, measured: measured.published, seconds: measured.seconds })}\n`);
