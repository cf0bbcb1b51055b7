// Pure: what the campaign page's live dialer panel and charts draw (decision 0049), from the stats
// and history endpoints and the CAMPAIGN_DIALER_UPDATED events that arrive between two reads.
import type { CampaignDialerUpdatedPayload } from '@callcenter/rules/campaign-dialer-update';
import { AGENT_STATES, type AgentState } from '../agents/agent-state.ts';
import type { PacingReason } from '@callcenter/rules/pacing-reasons';
import type { DialerSample, DialerStatus } from './campaigns.api.ts';

/** The delivered event's payload (`at` included). */
export type DialerEvent = CampaignDialerUpdatedPayload;

/** What the panel shows: the stats' dialer part, or the newer event; agents only known from events. */
export interface DialerNow {
  mode: DialerStatus['mode'];
  dialLevel: number;
  answerRate: number | null;
  abandonRate: number | null;
  abandonTarget: number;
  callsRinging: number;
  answeredWaiting: number;
  callsInFlight: number;
  reasons: string[];
  leadsWaitingWindow: number;
  /** Free agents and agents busy with the campaign, from the last event (null from the stats). */
  agents: { available: number; busy: number } | null;
  at: string;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isRate = (value: unknown): value is number | null => value === null || (typeof value === 'number' && value >= 0 && value <= 1);

/** The event when it is about this campaign and well formed; null otherwise (never trust the wire). */
export function parseDialerEvent(payload: unknown, campaignId: string): DialerEvent | null {
  const e = payload as Partial<Record<keyof DialerEvent, unknown>> | null;
  if (!e || e.campaignId !== campaignId || typeof e.at !== 'string') return null;
  if (e.mode !== 'PROGRESSIVE' && e.mode !== 'PREDICTIVE') return null;
  if (typeof e.dialLevel !== 'number' || !isRate(e.answerRate) || !isRate(e.abandonRate) || typeof e.abandonTarget !== 'number') return null;
  const counts = [e.callsRinging, e.answeredWaiting, e.callsInFlight, e.placed, e.leadsWaitingWindow];
  if (!counts.every(isCount)) return null;
  const agents = e.agents as { available?: unknown; busy?: unknown } | undefined;
  if (!agents || !isCount(agents.available) || !isCount(agents.busy)) return null;
  if (!Array.isArray(e.reasons)) return null;
  return { ...(e as DialerEvent), reasons: e.reasons.filter((reason): reason is string => typeof reason === 'string') };
}

/**
 * The newest of what the stats said and the last event: events arrive every 2 s while the dialer
 * runs, the stats are read again every few seconds and take over when events stop.
 */
export function currentDialer(stats: { dialer: DialerStatus | null; dialLevel: number | null; abandonRate: number | null }, event: DialerEvent | null): DialerNow | null {
  const fromStats = stats.dialer;
  if (event && (!fromStats || Date.parse(event.at) >= Date.parse(fromStats.updatedAt))) {
    const { campaignId: _campaignId, placed: _placed, ...rest } = event;
    return rest;
  }
  if (!fromStats) return null;
  return {
    mode: fromStats.mode,
    dialLevel: stats.dialLevel ?? 1,
    answerRate: fromStats.answerRate,
    abandonRate: stats.abandonRate,
    abandonTarget: fromStats.abandonTarget,
    callsRinging: fromStats.callsRinging,
    answeredWaiting: fromStats.answeredWaiting,
    callsInFlight: fromStats.callsInFlight,
    reasons: fromStats.reasons,
    leadsWaitingWindow: fromStats.leadsWaitingWindow,
    agents: null,
    at: fromStats.updatedAt,
  };
}

/** Whether the abandon rate is over its target: the panel shows it in red then. */
export function abandonState(rate: number | null, target: number): 'unknown' | 'within' | 'over' {
  if (rate === null) return 'unknown';
  return rate > target ? 'over' : 'within';
}

/** Every pacing.ts PacingReason (the type check fails when one is added): each has its sentence. */
const REASONS: Record<PacingReason, true> = {
  NO_AGENTS: true,
  PROGRESSIVE_UNTRUSTED: true,
  NO_FORECAST_CAPACITY: true,
  DIAL_LEVEL: true,
  MAX_CONCURRENT_CALLS: true,
  CPS: true,
  SHORT_CALL_GUARD: true,
};
/** Why the engine dialed nothing besides pacing (dialer.service.ts `blocked`). */
const ENGINE_REASONS = ['WAITING_SCHEDULE', 'OUTSIDE_CALLING_HOURS', 'REAL_OUTBOUND_DISABLED'] as const;
export const KNOWN_REASONS: readonly string[] = [...Object.keys(REASONS), ...ENGINE_REASONS];

/** The translation key of each reason, and the code for those the console does not know yet. */
export function reasonKeys(reasons: readonly string[]): { key: string; code: string }[] {
  const known = new Set(KNOWN_REASONS);
  return [...new Set(reasons)].map((code) => ({ key: known.has(code) ? `campaigns.live.reasons.${code}` : 'campaigns.live.reasons.other', code }));
}

/** The minute an instant falls in (UTC minute boundaries are every zone's, bar none with seconds offsets). */
export const minuteOf = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString();

/**
 * The samples with a live event folded in: the event's minute takes its levels and rates (the
 * minute's last value, as the engine stores them) and adds the calls it placed; a new minute is
 * appended. Answers and abandons per minute come with the next read of the history. Samples older
 * than the window fall off.
 */
export function appendLive(samples: readonly DialerSample[], event: DialerEvent, windowMinutes: number): DialerSample[] {
  const minute = minuteOf(event.at);
  const live = {
    dialLevel: event.dialLevel,
    answerRate: event.answerRate,
    abandonRate: event.abandonRate,
    callsInFlight: event.callsInFlight,
    agentsAvailable: event.agents.available,
    agentsBusy: event.agents.busy,
  };
  const last = samples.at(-1);
  let next: DialerSample[];
  if (last && last.minute === minute) next = [...samples.slice(0, -1), { ...last, ...live, attempts: last.attempts + event.placed }];
  else if (last && Date.parse(last.minute) > Date.parse(minute)) return [...samples];
  else next = [...samples, { minute, ...live, attempts: event.placed, answered: 0, abandoned: 0 }];
  const from = Date.parse(minute) - (windowMinutes - 1) * 60_000;
  return next.filter((sample) => Date.parse(sample.minute) >= from);
}

/** Columns for the charts: x in epoch seconds, rates as percentages, the target as a flat line. */
export function chartColumns(samples: readonly DialerSample[], abandonTarget: number | null) {
  const pct = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 10);
  return {
    x: samples.map((sample) => Date.parse(sample.minute) / 1000),
    dialLevel: samples.map((sample) => sample.dialLevel),
    answerRate: samples.map((sample) => pct(sample.answerRate)),
    abandonRate: samples.map((sample) => pct(sample.abandonRate)),
    abandonTarget: samples.map(() => pct(abandonTarget)),
    attempts: samples.map((sample) => sample.attempts),
    answered: samples.map((sample) => sample.answered),
  };
}

/** A rate with one decimal in the locale's way ("2.5%", "2,5 %"): abandon targets live near 3%. */
export function formatRate(value: number | null, locale: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** A dial level with at most two decimals ("2.35", "2,35"). */
export function formatLevel(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** The lowest, highest and latest known value of a series, for a chart's text alternative. */
export function seriesSummary(values: readonly (number | null)[]): { min: number; max: number; last: number } | null {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return null;
  return { min: Math.min(...known), max: Math.max(...known), last: known.at(-1)! };
}

/** Calls placed and answered over the samples. */
export const totals = (samples: readonly DialerSample[]) =>
  samples.reduce((sum, sample) => ({ attempts: sum.attempts + sample.attempts, answered: sum.answered + sample.answered }), { attempts: 0, answered: 0 });

/** Logged-in agents by state from counts (the stats' agents), each with its share, in the states' order. */
export function agentShares(agents: Partial<Record<string, number>>): { state: AgentState; count: number; share: number }[] {
  const states = AGENT_STATES.filter((state) => state !== 'LOGGED_OUT' && (agents[state] ?? 0) > 0);
  const total = states.reduce((sum, state) => sum + (agents[state] ?? 0), 0);
  return states.map((state) => ({ state, count: agents[state] ?? 0, share: (agents[state] ?? 0) / total }));
}
