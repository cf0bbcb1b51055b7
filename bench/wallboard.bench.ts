// "The live wallboard stays smooth with 200 agents": the console's wallboard in a real Chromium,
// served by the platform as `npm start` runs it, on a tenant with 200 logged-in agents over four
// queues, while the agents change state as the platform publishes it (its own realtimePublisher on
// Redis, through every instance's Socket.IO gateway). Measured in the page: animation-frame
// intervals, long tasks, and for a sample of agents the time from publishing a change to the badge
// showing it. Baselines in the same run, on the same page: idle (no events), and 20 agents at the
// same per-agent rate; then 200 agents; then idle again.
//
// Smooth (the target): p95 frame interval ≤ 50 ms, no long task over 200 ms, and p95 event → screen
// ≤ 500 ms, with 200 agents each changing state every 2 s (≈ 100 AGENT_STATE_CHANGED/s, ≈ 300
// events/s in all).
//
// Environment: BENCH_AGENTS (200), BENCH_FEW_AGENTS (20), BENCH_QUEUES (4), BENCH_SECONDS (20 per
// phase), BENCH_PERIOD_MS (2000: each agent's time between changes), BENCH_REAL_AGENTS (10: how
// many of the moving agents pause/resume through the API instead), BENCH_DATABASE_ADMIN_URL,
// BENCH_REDIS_URL, CHROMIUM_PATH, BENCH_PAGE_PROFILE=<file.cpuprofile> (the page's CPU profile of the
// phase with every agent moving; read it with profile-top.ts).
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage } from '../e2e/support/browser.ts';
import { createCoordination } from '../server/src/platform/coordination/index.ts';
import { realtimePublisher } from '../server/src/platform/realtime/events.ts';
import { admin, adminUrl, benchTenant, databaseUrlOf, file, platformToken, redisUrl, root, setting, sql, startPlatform, tenantAdminEmail } from './bench-env.ts';
import { buildCallCenter, liftPlanLimits, pauseReasonId, type BenchAgent } from './call-center-tenant.ts';
import { installProbe, quantile, screenLatencies, startRecording, stopRecording, type PageSample } from './wallboard-probe.ts';
import { WallboardTraffic, type Published, type TrafficCounts } from './wallboard-traffic.ts';

const AGENTS = setting('BENCH_AGENTS', 200);
const FEW_AGENTS = setting('BENCH_FEW_AGENTS', 20);
const QUEUES = setting('BENCH_QUEUES', 4);
const SECONDS = setting('BENCH_SECONDS', 20);
const PERIOD_MS = setting('BENCH_PERIOD_MS', 2000);
const REAL_AGENTS = setting('BENCH_REAL_AGENTS', 10);
/** Every fifth agent's changes are matched on screen. */
const WATCH_EVERY = 5;
const SMOOTH = { p95FrameMs: 50, longestTaskMs: 200, p95ScreenMs: 500 };

const database = `callcenter_bench_wallboard_${process.pid}`;
const databaseUrl = databaseUrlOf(database);
const dataDir = file(`bench/.data-${process.pid}`);
const stateLabels = (JSON.parse(readFileSync(file('web/src/app/i18n/en.json'), 'utf8')) as { agentBar: { states: Record<string, string> } }).agentBar.states;

interface Phase {
  name: string;
  loadavg: string;
  sample: PageSample;
  latencies: (number | null)[];
  counts: TrafficCounts | null;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Signs in as the tenant admin and opens the wallboard from the menu, live, with every agent on it. */
async function openWallboard(page: Page, base: string, agents: number): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(tenantAdminEmail('bench'));
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Wallboard', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 30_000 });
  await page.waitForFunction((count) => document.querySelectorAll('table[aria-label="Agents"] tbody tr').length === count, agents, { timeout: 30_000 });
}

/** One phase: the page recorded while `load` runs (or for SECONDS when there is none). */
async function phase(page: Page, name: string, load: (() => Promise<TrafficCounts>) | null, watched: string[], published: Published[]): Promise<Phase> {
  published.length = 0;
  const before = loadavg();
  await startRecording(page, watched);
  const counts = load ? await load() : (await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)), null);
  // Let the last changes reach the screen before the recording stops.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sample = await stopRecording(page);
  const latencies = screenLatencies(published, sample.badges, (state) => stateLabels[state] ?? state);
  return { name, loadavg: `${before} → ${loadavg()}`, sample, latencies, counts };
}

/** `work` under the page's CPU profiler, written to BENCH_PAGE_PROFILE when set. */
async function profiled<T>(page: Page, work: () => Promise<T>): Promise<T> {
  const target = process.env.BENCH_PAGE_PROFILE;
  if (!target) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  await writeFile(target, JSON.stringify(profile));
  return result;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));

function summary(result: Phase) {
  const { frames, longTasks } = result.sample;
  const shown = result.latencies.filter((value): value is number => value !== null);
  return {
    frames: frames.length,
    p50: quantile(frames, 0.5),
    p95: quantile(frames, 0.95),
    p99: quantile(frames, 0.99),
    max: quantile(frames, 1),
    longTasks: longTasks.length,
    longTaskMs: longTasks.reduce((sum, value) => sum + value, 0),
    longestTask: longTasks.length ? Math.max(...longTasks) : 0,
    screenP50: quantile(shown, 0.5),
    screenP95: quantile(shown, 0.95),
    screenMax: quantile(shown, 1),
    matched: `${shown.length}/${result.latencies.length}`,
  };
}

function report(phases: Phase[]): void {
  const idle = summary(phases[0]!);
  process.stdout.write(
    '\nphase            frames  p50 ms  p95 ms  p99 ms  max ms  long tasks (n / total ms / max ms)  event→screen p50 / p95 / max ms (matched)  p95 ÷ idle  loadavg\n',
  );
  for (const result of phases) {
    const s = summary(result);
    process.stdout.write(
      `${result.name.padEnd(16)} ${String(s.frames).padStart(6)} ${ms(s.p50).padStart(7)} ${ms(s.p95).padStart(7)} ${ms(s.p99).padStart(7)} ${ms(s.max).padStart(7)}` +
        `  ${`${s.longTasks} / ${s.longTaskMs.toFixed(0)} / ${s.longestTask.toFixed(0)}`.padEnd(34)}` +
        `  ${`${ms(s.screenP50)} / ${ms(s.screenP95)} / ${ms(s.screenMax)} (${s.matched})`.padEnd(41)}` +
        `  ${(s.p95 / idle.p95).toFixed(2).padStart(10)}  ${result.loadavg}\n`,
    );
    if (result.counts) process.stdout.write(`${''.padEnd(16)} sent: ${JSON.stringify(result.counts)}\n`);
  }
  const loaded = summary(phases.find((result) => result.name.startsWith(`${AGENTS} agents`))!);
  const smooth = loaded.p95 <= SMOOTH.p95FrameMs && loaded.longestTask <= SMOOTH.longestTaskMs && loaded.screenP95 <= SMOOTH.p95ScreenMs;
  process.stdout.write(
    `\nsmooth with ${AGENTS} agents (p95 frame ≤ ${SMOOTH.p95FrameMs} ms, no long task > ${SMOOTH.longestTaskMs} ms, p95 event→screen ≤ ${SMOOTH.p95ScreenMs} ms): ${smooth ? 'yes' : 'NO'}\n`,
  );
}

const built = spawnSync('npm', ['run', 'build:if-changed', '-w', 'web'], { cwd: fileURLToPath(root), stdio: 'inherit' });
if (built.status !== 0) throw new Error('the console did not build');
await sql(adminUrl, `CREATE DATABASE ${database}`);
const platform = startPlatform({ checkout: fileURLToPath(root).replace(/\/$/, ''), databaseUrl, jwtSecret: randomBytes(32).toString('base64url'), dataDir });
const coordination = createCoordination({ redisUrl });
const browser = await launchBrowser();
try {
  const base = await platform.url;
  const { tenantId, authorization } = await benchTenant(base);
  const platformAuthorization = `Bearer ${await platformToken(base)}`;
  await liftPlanLimits(base, platformAuthorization);
  const setupStarted = Date.now();
  const { agents, queueIds } = await buildCallCenter(base, authorization, { agents: AGENTS, queues: QUEUES });
  process.stdout.write(`${AGENTS} agents logged in over ${QUEUES} queues in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s\n`);

  const { page } = await openPage(browser);
  await installProbe(page);
  await openWallboard(page, base, AGENTS);

  const published: Published[] = [];
  const moving = (count: number) => agents.slice(0, count);
  const watchedOf = (list: readonly BenchAgent[]) => list.filter((_, index) => index >= REAL_AGENTS && index % WATCH_EVERY === 0).map((agent) => agent.name);
  const traffic = new WallboardTraffic({
    publisher: realtimePublisher(coordination),
    tenantId,
    base,
    queueIds,
    pauseReasonId: await pauseReasonId(base, authorization),
    watched: new Set(watchedOf(agents)),
    onPublished: (entry) => published.push(entry),
  });
  const run = (count: number) => () => traffic.run(moving(count), { seconds: SECONDS, periodMs: PERIOD_MS, real: REAL_AGENTS });
  process.stdout.write(`${SECONDS} s per phase; each moving agent changes state every ${PERIOD_MS} ms, the first ${REAL_AGENTS} through the API\n`);
  const phases = [
    await phase(page, 'idle', null, [], published),
    await phase(page, `${FEW_AGENTS} agents moving`, run(FEW_AGENTS), watchedOf(moving(FEW_AGENTS)), published),
    await profiled(page, () => phase(page, `${AGENTS} agents moving`, run(AGENTS), watchedOf(agents), published)),
    await phase(page, 'idle again', null, [], published),
  ];
  report(phases);
} finally {
  await browser.close();
  await coordination.close();
  await platform.stop();
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await rm(dataDir, { recursive: true, force: true });
}
