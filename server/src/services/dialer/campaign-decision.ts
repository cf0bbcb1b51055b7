// One campaign's part of a tick (dialer.service.ts): its decision before its calls are placed (the
// dial level's feedback, the pacing, what blocks it) and what its tick concluded once they were.
import { adjustDialLevel, DEFAULT_ABANDON_CONTROL } from '../../modules/dialer/abandon-control.ts';
import { INITIAL_STATISTICS } from '../../modules/dialer/campaign-statistics.ts';
import { decidePacing, type PacingDecision } from '../../modules/dialer/pacing.ts';
import type { AgentLoad } from './agent-load.ts';
import type * as repo from './dialer.repo.ts';

/** What one campaign's tick concluded. */
export interface CampaignTick {
  campaignId: string;
  tenantId: string;
  placed: number;
  decision: PacingDecision | null;
  /** Why nothing was dialed beyond the pacing reasons (the campaign waits, real outbound is off…). */
  blocked: string | null;
}

/** Per campaign: when its dial level was last adjusted and whether the level bound the last decision. */
export type DialLevelFeedback = Map<string, { at: number; levelWasBinding: boolean }>;

/** What a campaign's decision reads besides its own numbers. */
export interface DecisionContext {
  feedback: DialLevelFeedback;
  /** The tenant's short-call guard factor on the pacing (1 without one). */
  shortCallFactor: number;
  mode: 'SIMULATION' | 'REAL' | 'DISABLED';
}

/** A campaign's decision before its calls are placed. */
export interface Decided {
  campaign: repo.CampaignSnapshot;
  load: AgentLoad;
  attempts: repo.AttemptsInFlight;
  adjusted: ReturnType<typeof adjustDialLevel>;
  decision: PacingDecision;
  ringingSeconds: number[];
  answeredWaiting: number;
  stats: typeof INITIAL_STATISTICS;
  ddds: number[];
  blocked: string | null;
  /** Calls to ask CPS tokens for (0 when blocked). */
  wanted: number;
}

/** What one campaign's tick concluded, kept for the tick's batched write and its event. */
export interface Ticked {
  campaign: repo.CampaignSnapshot;
  decision: PacingDecision;
  reasons: string[];
  placed: number;
  blocked: string | null;
  level: number;
  abandonAction: string;
  stats: typeof INITIAL_STATISTICS;
  ringing: number;
  answeredWaiting: number;
  inFlight: number;
  load: AgentLoad;
  ddds: number[];
}

/** One campaign's decision (pure but for its dial-level feedback); its calls are placed by the round. */
export function decide(campaign: repo.CampaignSnapshot, load: AgentLoad, attempts: repo.AttemptsInFlight, callsInProgress: number, ddds: number[], now: Date, context: DecisionContext): Decided {
  const stats = campaign.statistics ?? INITIAL_STATISTICS;
  const feedback = context.feedback.get(campaign.id);
  const adjusted = adjustDialLevel(
    {
      level: campaign.dialLevel ?? campaign.pacingMin,
      pacingMin: campaign.pacingMin,
      pacingMax: campaign.pacingMax,
      recentAbandonRate: stats.abandonRate,
      abandonedToday: campaign.abandonedToday,
      answeredToday: campaign.answeredToday,
      levelWasBinding: feedback?.levelWasBinding ?? false,
      elapsedSeconds: feedback ? (now.getTime() - feedback.at) / 1000 : 0,
    },
    { ...DEFAULT_ABANDON_CONTROL, target: campaign.abandonTarget },
  );
  const ringingSeconds = attempts.ringingSince.map((since) => now.getTime() / 1000 - since);
  const { answeredWaiting } = attempts;
  const maxConcurrent = campaign.planMaxConcurrentCalls;
  const decision = decidePacing({
    availableAgents: load.available,
    busyAgents: load.busy,
    ringingSeconds,
    answeredWaiting,
    stats,
    dialLevel: adjusted.level,
    shortCallFactor: context.shortCallFactor,
    concurrentCallsLeft: maxConcurrent === null ? null : Math.max(0, maxConcurrent - callsInProgress),
    wrapUpSeconds: load.wrapUpSeconds,
  });
  context.feedback.set(campaign.id, { at: now.getTime(), levelWasBinding: decision.reasons.includes('DIAL_LEVEL') });

  let blocked: string | null = null;
  if (campaign.status !== 'RUNNING') blocked = 'WAITING_SCHEDULE';
  else if (context.mode === 'DISABLED') blocked = 'REAL_OUTBOUND_DISABLED';
  else if (ddds.length === 0) blocked = 'OUTSIDE_CALLING_HOURS';
  return { campaign, load, attempts, adjusted, decision, ringingSeconds, answeredWaiting, stats, ddds, blocked, wanted: !blocked && decision.calls > 0 ? decision.calls : 0 };
}

/** What the campaign's tick concluded once its calls were placed; its state is written with the others' at the tick's end. */
export function concluded(d: Decided, placed: number, cpsLimited: boolean): Ticked {
  const { campaign, decision, blocked } = d;
  const reasons = [...decision.reasons, ...(cpsLimited ? ['CPS'] : []), ...(blocked ? [blocked] : [])];
  return {
    campaign,
    decision,
    reasons,
    placed,
    blocked,
    level: d.adjusted.level,
    abandonAction: d.adjusted.action,
    stats: d.stats,
    ringing: d.ringingSeconds.length,
    answeredWaiting: d.answeredWaiting,
    inFlight: d.attempts.count + placed,
    load: d.load,
    ddds: d.ddds,
  };
}
