// The three dialers compared by the pacing bench, all driven by the same simulation.
import { adjustDialLevel, DEFAULT_ABANDON_CONTROL, type AbandonControlSettings } from '../../server/src/modules/dialer/abandon-control.ts';
import { INITIAL_STATISTICS, recordOutcome, recordTalk, type CampaignStatistics } from '../../server/src/modules/dialer/campaign-statistics.ts';
import { decidePacing } from '../../server/src/modules/dialer/pacing.ts';
import type { Dialer, DialerView, ObservedOutcome } from './simulation.ts';

/** Progressive 1:1: one call per free agent, counting calls already ringing or waiting for one. */
export function progressiveDialer(): Dialer {
  return {
    name: 'progressive 1:1',
    decide: (view) => Math.min(view.cpsTokens, view.concurrentCallsLeft, view.availableAgents - view.ringing - view.answeredWaiting),
    observe: () => undefined,
    observeTalk: () => undefined,
  };
}

/** Ours: the engine's own pure modules (statistics, forecast + pacing, abandon feedback). */
export function ourDialer(options: { pacingMin?: number; pacingMax?: number; control?: AbandonControlSettings; riskMargin?: number } = {}): Dialer {
  const pacingMin = options.pacingMin ?? 1;
  const pacingMax = options.pacingMax ?? 3;
  const control = options.control ?? DEFAULT_ABANDON_CONTROL;
  let stats: CampaignStatistics = INITIAL_STATISTICS;
  let level = pacingMin;
  let answeredToday = 0;
  let abandonedToday = 0;
  let lastAdjust = 0;
  let levelWasBinding = false;
  return {
    name: 'ours (forecast + feedback)',
    decide(view: DialerView) {
      const adjusted = adjustDialLevel(
        { level, pacingMin, pacingMax, recentAbandonRate: stats.abandonRate, abandonedToday, answeredToday, levelWasBinding, elapsedSeconds: view.at - lastAdjust },
        control,
      );
      level = adjusted.level;
      lastAdjust = view.at;
      const decision = decidePacing({
        availableAgents: view.availableAgents,
        busyAgents: view.busyAgents,
        ringingSeconds: view.ringingSeconds,
        answeredWaiting: view.answeredWaiting,
        stats,
        dialLevel: level,
        concurrentCallsLeft: view.concurrentCallsLeft,
        cpsTokens: view.cpsTokens,
        ...(options.riskMargin === undefined ? {} : { riskMargin: options.riskMargin }),
      });
      levelWasBinding = decision.reasons.includes('DIAL_LEVEL');
      return decision.calls;
    },
    observe(outcome: ObservedOutcome) {
      stats = recordOutcome(stats, outcome);
      if (outcome.kind === 'ANSWERED') {
        answeredToday++;
        if (outcome.abandoned) abandonedToday++;
      }
    },
    observeTalk(seconds: number) {
      stats = recordTalk(stats, seconds);
    },
  };
}

/**
 * VICIdial's ADAPT_TAPERED, reimplemented from AST_VDadapt.pl (calculate_dial_level,
 * count_agents_lines, calculate_drops) and AST_VDauto_dial.pl (goal calls), with its defaults:
 * intensity 0, dl_diff_target 0, maximum level 3.0, latest server time 2100, drop target 3%.
 * - every second: sample ready agents, calls waiting for an agent, and agents; keep the last 15.
 * - every 60 s: drop counts (last minute: drops / calls; today: drops / answers).
 * - every 15 s: differential = avg ready − avg waiting; level ×= 1 + differential / avg agents;
 *   capped at the maximum; halved when > 20 calls in the last minute and > 50% of them dropped;
 *   with > 50 calls today and today's drops over 3% of answers, TAPERED multiplies the level by
 *   min(1, (2100 − HHMM) / 1000), or sets 1.0 after 21:00; never below 1.0.
 * - the dialer places round(level × active agents) − calls in progress (ringing, waiting, with agents).
 */
export function viciDialTaperedDialer(options: { dropPercentage?: number; maximumLevel?: number; latestServerTime?: number; dlDiffTarget?: number } = {}): Dialer {
  const dropPercentage = options.dropPercentage ?? 3;
  const maximumLevel = options.maximumLevel ?? 3;
  const latestServerTime = options.latestServerTime ?? 2100;
  const dlDiffTarget = options.dlDiffTarget ?? 0;
  let level = 1;
  const samples: { ready: number; waiting: number; agents: number }[] = [];
  const outcomes: { at: number; answered: boolean; dropped: boolean }[] = [];
  let callsToday = 0;
  let answersToday = 0;
  let dropsToday = 0;
  let dropStats = { callsOne: 0, dropsOnePct: 0, callsToday: 0, dropsAnswersTodayPct: 0 };
  let lastLevelUpdate = 0;
  let lastDropUpdate = -60;
  return {
    name: dlDiffTarget === 0 && latestServerTime === 2100 ? 'VICIdial ADAPT_TAPERED' : `VICIdial ADAPT_TAPERED (dl_diff_target ${dlDiffTarget}, latest ${latestServerTime})`,
    sample(view: DialerView) {
      samples.push({ ready: view.availableAgents, waiting: view.answeredWaiting, agents: view.availableAgents + view.busyAgents.length });
      if (samples.length > 15) samples.shift();
      if (view.at - lastDropUpdate >= 60) {
        lastDropUpdate = view.at;
        while (outcomes.length > 0 && outcomes[0]!.at <= view.at - 60) outcomes.shift();
        const dropsOne = outcomes.filter((one) => one.dropped).length;
        dropStats = {
          callsOne: outcomes.length,
          dropsOnePct: outcomes.length > 0 ? (100 * dropsOne) / outcomes.length : 0,
          callsToday,
          dropsAnswersTodayPct: (100 * dropsToday) / Math.max(1, answersToday),
        };
      }
      if (view.at - lastLevelUpdate >= 15 && samples.length > 0) {
        lastLevelUpdate = view.at;
        const avg = (pick: (one: (typeof samples)[number]) => number) => samples.reduce((sum, one) => sum + pick(one), 0) / samples.length;
        const agents = avg((one) => one.agents);
        const differential = avg((one) => one.ready) - avg((one) => one.waiting) + dlDiffTarget;
        const mul = differential !== 0 && agents !== 0 ? differential / agents : 0;
        let next = level * (1 + mul);
        if (next > maximumLevel) next = maximumLevel;
        if (next < 1) next = 1;
        if (dropStats.callsOne > 20 && dropStats.dropsOnePct > 50) next /= 2;
        if (dropStats.callsToday > 50 && dropStats.dropsAnswersTodayPct > dropPercentage) {
          const hoursLeft = latestServerTime - view.hourMinute;
          next = hoursLeft < 0 ? 1 : next * (hoursLeft > 1000 ? 1 : hoursLeft / 1000);
        }
        level = Math.max(1, next);
      }
    },
    decide(view: DialerView) {
      const agents = view.availableAgents + view.busyAgents.length;
      const inProgress = view.ringing + view.answeredWaiting + view.busyAgents.length;
      const goal = Math.round(level * agents);
      return Math.min(view.cpsTokens, view.concurrentCallsLeft, goal - inProgress);
    },
    observe(outcome: ObservedOutcome, at: number) {
      callsToday++;
      const answered = outcome.kind === 'ANSWERED';
      const dropped = answered && outcome.abandoned;
      if (answered) answersToday++;
      if (dropped) dropsToday++;
      outcomes.push({ at, answered, dropped });
    },
    observeTalk: () => undefined,
  };
}
