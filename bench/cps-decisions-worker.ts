// One load process of the CPS bench: `concurrency` callers, each asking for tokens of a random
// campaign as fast as answers come, through its own RedisCoordination (or, for the baseline, a bare
// ioredis client running a script that does nothing with the same keys and arguments). Prints
// "ready", starts on "go" from stdin, prints one JSON WorkerReport line at the end.
// Usage: cps-decisions-worker.ts '<json settings>'
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { RedisCoordination, type BucketSpec } from '../server/src/platform/coordination/index.ts';
import { campaignBuckets, campaignCount, type CpsModel, type WorkerReport } from './cps-decisions-model.ts';

interface Settings {
  mode: 'baseline' | 'single' | 'probed' | 'many';
  redisUrl: string;
  prefix: string;
  model: CpsModel;
  concurrency: number;
  seconds: number;
  seed: number;
}

const settings = JSON.parse(process.argv[2] ?? '') as Settings;
const campaigns = Array.from({ length: campaignCount(settings.model) }, (_, i) => campaignBuckets(settings.model, i));

// xorshift32: cheap, seeded, so a run can be repeated.
let state = settings.seed >>> 0 || 1;
const nextCampaign = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) % campaigns.length;
};

const coordination = new RedisCoordination({ url: settings.redisUrl, keyPrefix: settings.prefix });
interface Trivial {
  ccTrivial(numKeys: number, ...args: (string | number)[]): Promise<number>;
}
// The baseline: the client settings RedisCoordination uses, a script that only returns.
const bare = new Redis(settings.redisUrl, { maxRetriesPerRequest: 0, commandTimeout: 1000 }) as Redis & Trivial;
bare.defineCommand('ccTrivial', { lua: 'return 0' });

const report: WorkerReport = { calls: 0, decisions: 0, granted: 0, failures: 0, refusedBy: {}, seconds: 0, ledger: {} };
const add = (record: Record<string, number>, key: string, n: number) => {
  record[key] = (record[key] ?? 0) + n;
};

type Decide = (campaign: number, buckets: BucketSpec[]) => Promise<void>;

const decide: Record<Settings['mode'], Decide> = {
  baseline: async (_campaign, buckets) => {
    const keys = buckets.map((b) => `${settings.prefix}bucket:${b.level}:${b.key}`);
    await bare.ccTrivial(keys.length, ...keys, ...buckets.map((b) => b.capacity));
    report.decisions += 1;
  },
  single: async (campaign, buckets) => {
    const sent = Math.floor(Date.now() / 1000);
    const result = await coordination.takeTokens(buckets);
    const answered = Math.floor(Date.now() / 1000);
    report.decisions += 1;
    if (result.allowed) {
      report.granted += 1;
      add(report.ledger, `${campaign}:${sent}:${answered}`, 1);
    } else add(report.refusedBy, result.exhausted ?? '?', 1);
  },
  // takeTokens between two clock probes on the same connection (Redis runs one connection's
  // commands in order): its window second lies between the probes' seconds, microseconds apart.
  probed: async (campaign, buckets) => {
    const [before, result, after] = await Promise.all([
      coordination.takeTokensMany([], 0),
      coordination.takeTokens(buckets),
      coordination.takeTokensMany([], 0),
    ]);
    report.decisions += 1;
    if (result.allowed) {
      report.granted += 1;
      add(report.ledger, `${campaign}:${before.windowSecond}:${after.windowSecond}`, 1);
    } else add(report.refusedBy, result.exhausted ?? '?', 1);
  },
  many: async (campaign, buckets) => {
    // What a dialer's tick asks for a campaign: at most its own per-second capacity.
    const count = buckets[3]!.capacity;
    const result = await coordination.takeTokensMany(buckets, count);
    report.decisions += count;
    report.granted += result.granted;
    if (result.granted > 0) add(report.ledger, `${campaign}:${result.windowSecond}`, result.granted);
    if (result.granted < count) add(report.refusedBy, result.exhausted ?? '?', count - result.granted);
  },
};

// Connect and load the scripts before the clock starts, on a bucket outside the audited ones.
const warmUp: BucketSpec[] = [{ level: 'GLOBAL', key: 'warm-up', capacity: 1 }];
await Promise.all([coordination.ping(), bare.ping()]);
await Promise.all([coordination.takeTokens(warmUp), coordination.takeTokensMany(warmUp, 1), bare.ccTrivial(0)]);

process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');

const run = decide[settings.mode];
const started = performance.now();
const deadline = started + settings.seconds * 1000;
const caller = async () => {
  while (performance.now() < deadline) {
    const campaign = nextCampaign();
    try {
      await run(campaign, campaigns[campaign]!);
    } catch {
      // A failed call may still have been applied by Redis: the audit reports how many there were.
      report.failures += 1;
    }
    report.calls += 1;
  }
};
await Promise.all(Array.from({ length: settings.concurrency }, caller));
report.seconds = (performance.now() - started) / 1000;
await Promise.all([coordination.close(), bare.quit()]);
process.stdout.write(`${JSON.stringify(report)}\n`);
// Stay alive until the bench has read this process's CPU time.
await once(process.stdin, 'data');
process.stdin.destroy();
