// Pacing simulation in virtual time (no waiting): 20 agents, answer probability 25%, log-normal talk
// time with mean 180 s, 8 hours; then the same with the answer rate falling to 10% at midday. Our
// pacing (the engine's pure modules) against progressive 1:1 and VICIdial's ADAPT_TAPERED (3% drop
// target), each on the same seeded call stream; then VICIdial over a sweep of its own settings, to
// compare occupancy at the same abandon rate. `node --import tsx bench/pacing-simulation.bench.ts`
// (BENCH_SEED, BENCH_SEEDS: seeds from BENCH_SEED on; about a second per seed and scenario).
import { setting } from './bench-env.ts';
import { ourDialer, progressiveDialer, viciDialTaperedDialer } from './pacing-sim/dialers.ts';
import { type Dialer, type Result, type Scenario, simulate } from './pacing-sim/simulation.ts';

// Our settings were tuned on seeds 1–3; the report uses other seeds.
const firstSeed = setting('BENCH_SEED', 20261126);
const seeds = setting('BENCH_SEEDS', 5);

const base: Omit<Scenario, 'name' | 'answerProbability' | 'seed'> = {
  agents: 20,
  shiftSeconds: 8 * 3600,
  shiftStartMinute: 9 * 60,
  talkMeanSeconds: 180,
  talkCv: 1,
  answerDelay: [4, 20],
  noAnswerSeconds: 30,
  busyShare: 0.2,
  busySeconds: [3, 8],
  failedShare: 0.1,
  failedSeconds: [1, 4],
  abandonSeconds: 2,
  tickSeconds: 2,
  cps: 10,
  maxConcurrentCalls: 100,
};

const scenarios = (seed: number): Scenario[] => [
  { ...base, name: 'steady 25%', answerProbability: () => 0.25, seed },
  { ...base, name: '25% → 10% at midday', answerProbability: (at) => (at < 4 * 3600 ? 0.25 : 0.1), seed },
];

const PROGRESSIVE = 'progressive 1:1';
const VICIDIAL = 'VICIdial ADAPT_TAPERED';
const OURS = 'ours (forecast + feedback)';
const main = (): Dialer[] => [progressiveDialer(), viciDialTaperedDialer(), ourDialer()];
// VICIdial's own knobs towards fewer drops: a negative dl_diff_target aims at agents waiting, and
// an earlier "latest server time" makes the taper bite from the start of the shift.
const sweep = (): Dialer[] =>
  [2100, 1700].flatMap((latestServerTime) => [-1, -2, -3, -4, -5, -6, -8, -10].map((dlDiffTarget) => viciDialTaperedDialer({ dlDiffTarget, latestServerTime })));

const runs = new Map<string, Result[]>();
for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
  for (const scenario of scenarios(seed)) {
    for (const dialer of [...main(), ...sweep()]) {
      const key = `${scenario.name}|${dialer.name}`;
      runs.set(key, [...(runs.get(key) ?? []), simulate(scenario, dialer)]);
    }
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const pct = (value: number) => `${(100 * value).toFixed(2)}%`;
const spread = (values: number[]) => `${pct(mean(values))} (${pct(Math.min(...values))}–${pct(Math.max(...values))})`;
const of = (scenario: string, dialer: string) => runs.get(`${scenario}|${dialer}`)!;
const ratio = (a: Result[], b: Result[]) => mean(a.map((one, i) => one.occupancy / b[i]!.occupancy));

const out: string[] = [`seeds ${firstSeed}–${firstSeed + seeds - 1}: mean (min–max) over ${seeds} runs of 8 h`, ''];
out.push('| scenario | dialer | abandon rate | occupancy | calls/hour | connects/hour | answered calls ≤ 6 s | ours ÷ this (occupancy) |');
out.push('|---|---|---|---|---|---|---|---|');
for (const { name } of scenarios(firstSeed)) {
  const ours = of(name, OURS);
  for (const dialer of main()) {
    const results = of(name, dialer.name);
    out.push(
      `| ${name} | ${dialer.name} | ${spread(results.map((one) => one.abandonRate))} | ${spread(results.map((one) => one.occupancy))} | ${mean(results.map((one) => one.callsPerHour)).toFixed(0)} | ${mean(results.map((one) => one.connectsPerHour)).toFixed(0)} | ${pct(mean(results.map((one) => one.shortCalls / Math.max(1, one.answered))))} | ${dialer.name === OURS ? '–' : ratio(ours, results).toFixed(2)} |`,
    );
  }
}
out.push('', 'VICIdial ADAPT_TAPERED over its settings (3% drop target, maximum level 3.0, intensity 0):', '');
out.push('| scenario | latest server time | dl_diff_target | abandon rate | occupancy | ours ÷ this |');
out.push('|---|---|---|---|---|---|');
const verdicts: string[] = [];
for (const { name } of scenarios(firstSeed)) {
  const ours = of(name, OURS);
  const oursAbandon = mean(ours.map((one) => one.abandonRate));
  type Pick = { dialer: string; occupancy: number; abandon: number; results: Result[] } | null;
  let best: Pick = null;
  let bestUnderTarget: Pick = null;
  for (const dialer of sweep()) {
    const results = of(name, dialer.name);
    const abandon = mean(results.map((one) => one.abandonRate));
    const occupancy = mean(results.map((one) => one.occupancy));
    const [, target, latest] = /dl_diff_target (-?\d+), latest (\d+)/.exec(dialer.name)!;
    out.push(`| ${name} | ${latest} | ${target} | ${spread(results.map((one) => one.abandonRate))} | ${spread(results.map((one) => one.occupancy))} | ${ratio(ours, results).toFixed(2)} |`);
    if (abandon <= Math.max(oursAbandon, 0.0005) && (!best || occupancy > best.occupancy)) best = { dialer: dialer.name, occupancy, abandon, results };
    if (Math.max(...results.map((one) => one.abandonRate)) <= 0.03 && (!bestUnderTarget || occupancy > bestUnderTarget.occupancy)) bestUnderTarget = { dialer: dialer.name, occupancy, abandon, results };
  }
  const progressive = of(name, PROGRESSIVE);
  const oursOccupancy = mean(ours.map((one) => one.occupancy));
  const toProgressive = ratio(ours, progressive);
  verdicts.push(
    `${name}: ours ${pct(oursAbandon)} abandoned (max ${pct(Math.max(...ours.map((one) => one.abandonRate)))}), occupancy ${pct(oursOccupancy)} = ${toProgressive.toFixed(2)}× progressive; ` +
      (best
        ? `best VICIdial setting with abandon ≤ ours: ${best.dialer}, ${pct(best.abandon)} abandoned, occupancy ${pct(best.occupancy)}: ours ÷ it = ${ratio(ours, best.results).toFixed(2)}`
        : 'no VICIdial setting tried reaches our abandon rate') +
      (bestUnderTarget
        ? `; best VICIdial setting with every run ≤ 3%: ${bestUnderTarget.dialer}, ${pct(bestUnderTarget.abandon)} abandoned, occupancy ${pct(bestUnderTarget.occupancy)}: ours ÷ it = ${ratio(ours, bestUnderTarget.results).toFixed(2)}`
        : '') +
      `; default VICIdial: ${pct(mean(of(name, VICIDIAL).map((one) => one.abandonRate)))} abandoned.`,
  );
}
out.push('', ...verdicts, '', 'abandon rate by hour of the shift, first seed (%):');
for (const { name } of scenarios(firstSeed)) {
  for (const dialer of main()) out.push(`  ${name} / ${dialer.name}: ${of(name, dialer.name)[0]!.abandonByHour.map((rate) => (100 * rate).toFixed(1)).join(' ')}`);
}
// Sensitivity: the same comparison away from the setting the defaults were tuned on.
const variants: { name: string; change: Partial<Scenario> }[] = [
  { name: '10 agents', change: { agents: 10 } },
  { name: '50 agents', change: { agents: 50 } },
  { name: 'talk time CV 0.5', change: { talkCv: 0.5 } },
  { name: 'talk time CV 1.5', change: { talkCv: 1.5 } },
  { name: 'answers after 2–40 s', change: { answerDelay: [2, 40], noAnswerSeconds: 45 } },
];
out.push('', 'sensitivity (same seeds; ours and progressive; abandon as mean and worst run):', '');
out.push('| variant | scenario | ours abandon (worst) | ours occupancy | progressive occupancy | ours ÷ progressive |');
out.push('|---|---|---|---|---|---|');
for (const variant of variants) {
  for (const index of [0, 1]) {
    const ours: Result[] = [];
    const progressive: Result[] = [];
    for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
      const scenario = { ...scenarios(seed)[index]!, ...variant.change };
      ours.push(simulate(scenario, ourDialer()));
      progressive.push(simulate(scenario, progressiveDialer()));
    }
    out.push(
      `| ${variant.name} | ${scenarios(firstSeed)[index]!.name} | ${pct(mean(ours.map((one) => one.abandonRate)))} (${pct(Math.max(...ours.map((one) => one.abandonRate)))}) | ${pct(mean(ours.map((one) => one.occupancy)))} | ${pct(mean(progressive.map((one) => one.occupancy)))} | ${ratio(ours, progressive).toFixed(2)} |`,
    );
  }
}
console.log(out.join('\n'));
