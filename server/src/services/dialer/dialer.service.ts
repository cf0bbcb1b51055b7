// The predictive dialer (decision 0047): a background service with no endpoints. Every 2 s it takes
// its share of the dialable campaigns (one owner per campaign, campaign-ownership.ts), reads them in
// a few statements, decides each one's calls (pacing.ts, abandon-control.ts, the short-call guard,
// the calling hours), takes CPS tokens on the four levels, writes the attempts, then originates.
// The originate and the switch's events are attempt-dialer.ts's, what follows them
// attempt-lifecycle.ts's. At start and every 60 s, attempts left in flight by a process that died
// are reconciled against the switch (orphans.ts).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BucketSpec, Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { CampaignDialerUpdatedPayload } from '../../platform/realtime/campaign-event-schemas.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import { adjustDialLevel, DEFAULT_ABANDON_CONTROL } from '../../modules/dialer/abandon-control.ts';
import { INITIAL_STATISTICS } from '../../modules/dialer/campaign-statistics.ts';
import { callableDdds } from '../../modules/dialer/calling-hours.ts';
import { decidePacing, type PacingDecision } from '../../modules/dialer/pacing.ts';
import { ANATEL_SHORT_CALL_SECONDS, assessShortCalls, DEFAULT_SHORT_CALL_SETTINGS, type ShortCallAssessment } from '../../modules/dialer/short-call-guard.ts';
import { AttemptLifecycle, minuteOf, type TrackedAttempt } from './attempt-lifecycle.ts';
import { CampaignOwnership } from './campaign-ownership.ts';
import * as repo from './dialer.repo.ts';
import { agentLoad, type AgentLoad } from './agent-load.ts';
import { countsAgent, dealSharedAgents, rotationAt } from './agent-sharing.ts';
import type { SimulationModel } from './simulated-outcome.ts';
import { AttemptDialer } from './attempt-dialer.ts';
import { callingRulesOf, cpsBuckets } from './campaign-rules.ts';
import { reconcileOrphans } from './orphans.ts';
import { groupBy, noteFull, surelyFull, tenantRounds, type FullBuckets } from './tick-rounds.ts';
import { isDue, isSampleDue, remember, STATE_HEARTBEAT_MS, staggeredAt, type LastSent, type SampleView } from './tick-changes.ts';
import { phaseClock, type TickPhases } from './phase-clock.ts';
import { SnapshotCache } from './snapshot-cache.ts';

export interface DialerOptions {
  /** DIALER_SIMULATION: outcomes drawn by the dialer; only answered customers reach the switch. */
  simulation: boolean;
  /** DIALER_REAL_OUTBOUND: with simulation off, calls go out through the campaign's trunk. */
  realOutbound: boolean;
  tickMs?: number;
  lockTtlMs?: number;
  reconcileMs?: number;
  /** The GLOBAL CPS bucket: calls per second the platform originates in all. */
  globalCps?: number;
  simulationModel?: SimulationModel;
  random?: () => number;
  /** The clock of the calling-hour rules (tests fix it; everything else uses the real time). */
  callingClock?: () => Date;
  /** What an abandoned customer hears before being released (a sound the switch can play). */
  abandonMessage?: string;
  /** FREESWITCH_CONF_DIR: where a campaign's own abandon message is on the switch (decision 0052). */
  confDir?: string;
  /** FREESWITCH_RECORDINGS_DIR: where a recording campaign's calls are recorded (as its queue's would be). */
  recordingsDir?: string;
  /** Names this process in its attempts. */
  owner?: string;
  /** How long a count of the leads waiting for their window stands before it is made again (30 s). */
  waitingCountMs?: number;
}

export interface DialerDeps {
  db: DatabaseHandles;
  coordination: Coordination;
  esl: Pick<EslClient, 'api' | 'bgapi' | 'on' | 'off' | 'connected'>;
  realtime: RealtimePublisher;
  log: Logger;
  options: DialerOptions;
}

/** What one campaign's tick concluded. */
export interface CampaignTick {
  campaignId: string;
  tenantId: string;
  placed: number;
  decision: PacingDecision | null;
  /** Why nothing was dialed beyond the pacing reasons (the campaign waits, real outbound is off…). */
  blocked: string | null;
}

/** Campaigns to count by set of callable area codes (one read per set). */
type WaitingGroups = Map<string, { ddds: number[]; ids: string[] }>;

const NONE_IN_FLIGHT: repo.AttemptsInFlight = { count: 0, answeredWaiting: 0, ringingSince: [] };

export const DEFAULT_TICK_MS = 2_000;
export const DEFAULT_LOCK_TTL_MS = 10_000;
export const DEFAULT_RECONCILE_MS = 60_000;
export const DEFAULT_GLOBAL_CPS = 200;
export const DEFAULT_WAITING_COUNT_MS = 30_000;
/** Samples kept for the console's charts and the campaign report's dial level, rebuilt from them (docs/reports.md). */
const SAMPLE_RETENTION_MS = 400 * 24 * 3600_000;

export class DialerEngine {
  readonly owner: string;
  private readonly lifecycle: AttemptLifecycle;
  private readonly switchSide: AttemptDialer;
  private readonly ownership: CampaignOwnership;
  private readonly log: Logger;
  private tickTimer: NodeJS.Timeout | null = null;
  private reconcileTimer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Per campaign: when its dial level was last adjusted and whether the level bound the last decision. */
  private readonly feedback = new Map<string, { at: number; levelWasBinding: boolean }>();
  private readonly waitingCounts = new Map<string, { at: number; count: number }>();
  /** The recount of leads waiting for their window running behind the ticks, if any. */
  private recounting: Promise<void> | null = null;
  /** What was last written and published per campaign (tick-changes.ts): unchanged ones are not sent again. */
  private readonly savedStates = new Map<string, LastSent>();
  private readonly savedSamples = new Map<string, LastSent>();
  private readonly published = new Map<string, LastSent>();
  private readonly snapshots = new SnapshotCache();
  private shortCalls = new Map<string, ShortCallAssessment>();
  private realOutboundWarned = false;
  /** Where the last tick with campaigns to dial spent its time (phase-clock.ts). */
  lastTickPhases: TickPhases | null = null;

  constructor(private readonly deps: DialerDeps) {
    this.owner = deps.options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.log = deps.log.child({ service: 'dialer' });
    this.ownership = new CampaignOwnership(deps.coordination, deps.options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS, this.owner);
    this.lifecycle = new AttemptLifecycle({
      db: deps.db,
      realtime: deps.realtime,
      log: this.log,
      releaseAbandoned: (callId) => this.switchSide.releaseAbandoned(callId),
    });
    this.switchSide = new AttemptDialer({ db: deps.db, esl: deps.esl, lifecycle: this.lifecycle, log: this.log, options: deps.options });
  }

  private get waitingCountMs(): number {
    return this.deps.options.waitingCountMs ?? DEFAULT_WAITING_COUNT_MS;
  }

  /** Simulation, real outbound, or neither (real outbound not allowed: nothing is dialed). */
  get mode(): 'SIMULATION' | 'REAL' | 'DISABLED' {
    const { simulation, realOutbound } = this.deps.options;
    if (simulation) return 'SIMULATION';
    return realOutbound ? 'REAL' : 'DISABLED';
  }

  start(): void {
    this.stopped = false;
    this.switchSide.listen();
    const serial = (work: () => Promise<unknown>, what: string) => () => {
      this.running = this.running.then(work).catch((error: unknown) => this.log.warn({ err: error }, `${what} failed`));
    };
    const tick = serial(() => this.tick(), 'dialer tick');
    const reconcile = serial(() => this.maintain(), 'dialer maintenance');
    reconcile();
    tick();
    this.tickTimer = setInterval(tick, this.deps.options.tickMs ?? DEFAULT_TICK_MS);
    this.reconcileTimer = setInterval(reconcile, this.deps.options.reconcileMs ?? DEFAULT_RECONCILE_MS);
    this.tickTimer.unref();
    this.reconcileTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.switchSide.stopListening();
    await this.running;
    await this.recounting;
    this.lifecycle.stopAll();
    await this.ownership.releaseAll();
  }

  /** The campaigns this process dials now. */
  ownedCampaigns(): string[] {
    return this.ownership.ids();
  }

  /** One pass over this process's share of the dialable campaigns. */
  async tick(): Promise<CampaignTick[]> {
    if (this.stopped) return [];
    const clock = phaseClock();
    const dialable = await repo.listDialableCampaigns(this.deps.db);
    await this.ownership.refresh(dialable.map((campaign) => campaign.id));
    const owned = this.ownership.ids();
    this.forgetCampaignsNotIn(new Set(owned));
    if (owned.length === 0) return [];
    clock.lap('ownership');
    // Every read goes at once: the dialable list has the tenants and queues. The agents are those of
    // every running campaign's queue, not only of this process's: an agent shared with a campaign
    // another process dials must be dealt alike by both (agent-sharing.ts).
    const ownedSet = new Set(owned);
    const mine = dialable.filter((campaign) => ownedSet.has(campaign.id));
    const running = dialable.filter((campaign) => campaign.status === 'RUNNING');
    const tenantIds = [...new Set(mine.map((campaign) => campaign.tenantId))];
    const queueIds = [...new Set([...mine, ...running].map((campaign) => campaign.queueId))];
    const [snapshots, inFlight, callsByTenant, agents] = await Promise.all([
      this.snapshots.of(mine, (ids) => repo.campaignSnapshots(this.deps.db, ids)),
      repo.attemptsInFlight(this.deps.db, owned),
      repo.callsInProgressByTenant(this.deps.db, tenantIds),
      repo.queueAgents(this.deps.db, queueIds),
    ]);
    clock.lap('reads');
    const now = new Date();
    const agentsOf = groupBy(agents, (agent) => agent.queueId);
    const shared = dealSharedAgents(agents, running);
    // An agent in the queues of several running campaigns is counted by one of them at a time.
    const rotation = rotationAt(now);
    const agentsCountedBy = (campaign: repo.CampaignSnapshot) =>
      (agentsOf.get(campaign.queueId) ?? []).filter((agent) => countsAgent(shared.get(agent.agentId), campaign.id, rotation));
    const ticked: Ticked[] = [];
    // The callable area codes depend on the rules and the clock only: computed once per set of rules in a tick.
    const callingAt = this.deps.options.callingClock?.() ?? now;
    const callable = new Map<string, number[]>();
    const callableOf = (campaign: repo.CampaignSnapshot) => {
      let ddds = callable.get(campaign.rulesKey);
      if (!ddds) callable.set(campaign.rulesKey, (ddds = callableDdds(callingRulesOf(campaign), callingAt)));
      return ddds;
    };
    // A tenant's campaigns one after the other (calls placed by one count against the tenant's
    // concurrent calls for the next), different tenants side by side: per round, one CPS request
    // and one claim statement for all its campaigns (decision 0051).
    const full: FullBuckets = new Map();
    for (const round of tenantRounds(snapshots)) {
      if (this.stopped) break;
      const failed = (campaign: repo.CampaignSnapshot, error: unknown) => {
        this.log.warn({ err: error, campaignId: campaign.id, tenantId: campaign.tenantId }, 'campaign tick failed; tried again next tick');
      };
      const decided: Decided[] = [];
      for (const campaign of round) {
        try {
          decided.push(this.decide(campaign, agentLoad(agentsCountedBy(campaign), now), inFlight.get(campaign.id) ?? NONE_IN_FLIGHT, callsByTenant.get(campaign.tenantId) ?? 0, callableOf(campaign), now));
        } catch (error) {
          failed(campaign, error);
        }
      }
      const asking = decided.filter((d) => d.wanted > 0);
      clock.lap('decisions');
      let grants = new Map<string, Grant>();
      let placed = new Map<string, number>();
      const lost = new Set<string>();
      try {
        grants = await this.takeTokens(asking, full);
      } catch (error) {
        for (const d of asking) {
          failed(d.campaign, error);
          lost.add(d.campaign.id);
        }
      }
      const granted = asking.filter((d) => (grants.get(d.campaign.id)?.tokens ?? 0) > 0);
      clock.lap('cps');
      try {
        placed = await this.place(granted, grants, now);
      } catch (error) {
        for (const d of granted) {
          failed(d.campaign, error);
          lost.add(d.campaign.id);
        }
      }
      clock.lap('claims');
      for (const d of decided) {
        if (lost.has(d.campaign.id)) continue;
        const grant = grants.get(d.campaign.id);
        const result = this.concluded(d, placed.get(d.campaign.id) ?? 0, grant !== undefined && grant.tokens < d.wanted);
        callsByTenant.set(result.campaign.tenantId, (callsByTenant.get(result.campaign.tenantId) ?? 0) + result.placed);
        ticked.push(result);
      }
      clock.lap('decisions');
    }
    if (ticked.length === 0) return [];
    const waiting = await this.leadsWaitingWindow(ticked, now).catch((error: unknown) => {
      this.log.warn({ err: error }, 'leads waiting for their window not counted');
      return new Map<string, number>();
    });
    clock.lap('waiting');
    // Independent, and each keeps its own failures: the database and Redis work side by side.
    await Promise.all([this.saveChanged(ticked, waiting, now), this.publishChanged(ticked, waiting, now)]);
    clock.lap('writes');
    this.lastTickPhases = clock.spent();
    this.log.debug({ campaigns: ticked.length, phases: this.lastTickPhases }, 'dialer tick');
    return ticked.map((tick) => ({ campaignId: tick.campaign.id, tenantId: tick.campaign.tenantId, placed: tick.placed, decision: tick.decision, blocked: tick.blocked }));
  }

  /**
   * The states and minute samples that changed (tick-changes.ts): a state when what the console
   * shows of it changed, calls were placed or its heartbeat is due; a sample when its minute or its
   * values changed or calls were placed (its counts add up within the minute).
   */
  private async saveChanged(ticked: Ticked[], waiting: Map<string, number>, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const rows: repo.TickedCampaign[] = [];
    const states: Array<readonly [string, unknown]> = [];
    const samples: Array<readonly [string, unknown]> = [];
    for (const tick of ticked) {
      const id = tick.campaign.id;
      const leadsWaitingWindow = waiting.get(id) ?? 0;
      const stateView = [tick.level, tick.decision.mode, tick.reasons, leadsWaitingWindow];
      const sample: repo.SampleChange = {
        minute: minuteOf(now),
        dialLevel: tick.level,
        answerRate: tick.stats.outcomes > 0 ? tick.stats.answerProbability : null,
        abandonRate: tick.stats.answered > 0 ? tick.stats.abandonRate : null,
        callsInFlight: tick.inFlight,
        agentsAvailable: tick.load.available,
        agentsBusy: tick.load.busy.length,
        attempts: tick.placed,
      };
      const { minute, attempts: _attempts, ...values } = sample;
      const sampleSeen: SampleView = { minuteMs: minute.getTime(), values };
      const stateDue = isDue(this.savedStates.get(id), stateView, tick.placed, nowMs, STATE_HEARTBEAT_MS);
      const sampleDue = isSampleDue(this.savedSamples.get(id), sampleSeen, tick.placed, id, nowMs);
      if (!stateDue && !sampleDue) continue;
      if (stateDue) states.push([id, stateView]);
      if (sampleDue) samples.push([id, sampleSeen]);
      rows.push({
        tenantId: tick.campaign.tenantId,
        campaignId: id,
        state: stateDue
          ? {
              dialLevel: tick.level,
              mode: tick.decision.mode,
              lastDecision: { ...tick.decision, reasons: tick.reasons, placed: tick.placed, abandonAction: tick.abandonAction, at: now.toISOString(), callsRinging: tick.ringing, answeredWaiting: tick.answeredWaiting },
              leadsWaitingWindow,
            }
          : null,
        sample: sampleDue ? sample : null,
      });
    }
    const ids = new Set(ticked.map((tick) => tick.campaign.id));
    try {
      await repo.saveTicks(this.deps.db, rows);
      remember(this.savedStates, states, ids, nowMs, STATE_HEARTBEAT_MS);
      remember(this.savedSamples, samples, ids, nowMs);
    } catch (error) {
      // The calls are placed and followed; the console's state and chart miss this tick only.
      this.log.warn({ err: error, campaigns: rows.length }, 'dialer state not saved; saved again next tick');
    }
  }

  /** CAMPAIGN_DIALER_UPDATED for the campaigns whose view changed, placed calls, or whose heartbeat is due. */
  private async publishChanged(ticked: Ticked[], waiting: Map<string, number>, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const due: Array<{ tenantId: string; payload: CampaignDialerUpdatedPayload; view: unknown }> = [];
    for (const tick of ticked) {
      const { at: _at, placed: _placed, ...view } = this.payloadOf(tick, waiting.get(tick.campaign.id) ?? 0, now);
      if (!isDue(this.published.get(tick.campaign.id), view, tick.placed, nowMs)) continue;
      due.push({ tenantId: tick.campaign.tenantId, payload: { ...view, at: now.toISOString(), placed: tick.placed }, view });
    }
    const delivered = await Promise.all(due.map(async ({ tenantId, payload, view }) => ((await this.publishUpdate(tenantId, payload)) ? ([payload.campaignId, view] as const) : null)));
    remember(this.published, delivered.filter((entry) => entry !== null), new Set(ticked.map((tick) => tick.campaign.id)), nowMs);
  }

  /**
   * Drops what this process kept about campaigns it no longer dials (stopped, or taken by another
   * process): otherwise it grows with every campaign ever owned, and a campaign taken back later
   * starts afresh rather than from a stale memory.
   */
  private forgetCampaignsNotIn(owned: ReadonlySet<string>): void {
    for (const memory of [this.feedback, this.waitingCounts, this.savedStates, this.savedSamples, this.published]) {
      for (const campaignId of memory.keys()) if (!owned.has(campaignId)) memory.delete(campaignId);
    }
    this.snapshots.keepOnly(owned);
  }

  /** One campaign's decision (pure but for its dial-level feedback); its calls are placed by the round. */
  private decide(campaign: repo.CampaignSnapshot, load: AgentLoad, attempts: repo.AttemptsInFlight, callsInProgress: number, ddds: number[], now: Date): Decided {
    const stats = campaign.statistics ?? INITIAL_STATISTICS;
    const feedback = this.feedback.get(campaign.id);
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
      shortCallFactor: this.shortCalls.get(campaign.tenantId)?.pacingFactor ?? 1,
      concurrentCallsLeft: maxConcurrent === null ? null : Math.max(0, maxConcurrent - callsInProgress),
      wrapUpSeconds: load.wrapUpSeconds,
    });
    this.feedback.set(campaign.id, { at: now.getTime(), levelWasBinding: decision.reasons.includes('DIAL_LEVEL') });

    let blocked: string | null = null;
    if (campaign.status !== 'RUNNING') blocked = 'WAITING_SCHEDULE';
    else if (this.mode === 'DISABLED') blocked = 'REAL_OUTBOUND_DISABLED';
    else if (ddds.length === 0) blocked = 'OUTSIDE_CALLING_HOURS';
    if (this.mode === 'DISABLED' && !this.realOutboundWarned) {
      this.realOutboundWarned = true;
      this.log.warn('DIALER_SIMULATION=false without DIALER_REAL_OUTBOUND=true: the dialer places no call');
    }
    return { campaign, load, attempts, adjusted, decision, ringingSeconds, answeredWaiting, stats, ddds, blocked, wanted: !blocked && decision.calls > 0 ? decision.calls : 0 };
  }

  /** What the campaign's tick concluded once its calls were placed; its state is written with the others' at the tick's end. */
  private concluded(d: Decided, placed: number, cpsLimited: boolean): Ticked {
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

  /**
   * Takes a CPS token per call on every level at once (each token from all levels or none), for
   * every campaign of the round in one atomic step, in the round's order; a grant's time is its
   * attempts'. A campaign behind a bucket an earlier round found full in this second is not asked:
   * it would get nothing.
   */
  private async takeTokens(asking: Decided[], full: FullBuckets): Promise<Map<string, Grant>> {
    const globalCps = this.deps.options.globalCps ?? DEFAULT_GLOBAL_CPS;
    const grants = new Map<string, Grant>();
    const nowSecond = Math.floor(Date.now() / 1000);
    const sent: Array<{ d: Decided; buckets: BucketSpec[] }> = [];
    for (const d of asking) {
      const buckets = cpsBuckets(d.campaign, globalCps);
      if (surelyFull(full, buckets, nowSecond)) grants.set(d.campaign.id, { tokens: 0, grantedAt: new Date() });
      else sent.push({ d, buckets });
    }
    if (sent.length === 0) return grants;
    const results = await this.deps.coordination.takeTokensBatch(sent.map(({ d, buckets }) => ({ buckets, count: d.wanted })));
    results.forEach((result, index) => {
      const { d, buckets } = sent[index]!;
      noteFull(full, buckets, result);
      // Within the window the tokens came from (Redis' clock), so the attempts' second is their tokens'.
      const windowStart = result.windowSecond * 1000;
      grants.set(d.campaign.id, { tokens: result.granted, grantedAt: new Date(Math.min(windowStart + 999, Math.max(windowStart, Date.now()))) });
    });
    return grants;
  }

  /**
   * Claims as many leads as each campaign's grant and writes their attempts, for the whole round in
   * one statement (dialer.repo.ts claimAttempts), then originates them; calls placed per campaign.
   */
  private async place(granted: Decided[], grants: Map<string, Grant>, now: Date): Promise<Map<string, number>> {
    const placed = new Map<string, number>();
    if (granted.length === 0) return placed;
    const simulated = this.mode === 'SIMULATION';
    const claimed = await repo.claimAttempts(
      this.deps.db,
      granted.map(({ campaign, ddds }) => {
        const grant = grants.get(campaign.id)!;
        return { campaignId: campaign.id, tenantId: campaign.tenantId, count: grant.tokens, callableDdds: ddds, grantedAt: grant.grantedAt };
      }),
      now,
      this.owner,
      simulated,
    );
    const campaigns = new Map(granted.map(({ campaign }) => [campaign.id, campaign]));
    for (const lead of claimed) {
      const campaign = campaigns.get(lead.campaignId)!;
      const attempt: TrackedAttempt = {
        attemptId: lead.attemptId,
        callId: lead.callId,
        tenantId: campaign.tenantId,
        campaignId: campaign.id,
        leadId: lead.leadId,
        phone: lead.phone,
        simulated,
        callerNumber: campaign.callerId,
        createdAt: lead.createdAt,
        answeredAt: null,
        connectedAt: null,
        abandoned: false,
        abandonAfterSeconds: campaign.abandonAfterSeconds,
        rules: { maxAttempts: campaign.maxAttempts, retryMinutes: campaign.retryMinutes },
        timer: null,
      };
      placed.set(campaign.id, (placed.get(campaign.id) ?? 0) + 1);
      this.lifecycle.follow(attempt);
      this.switchSide.dial(campaign, attempt, lead.name).catch((error: unknown) => this.log.warn({ err: error, callId: attempt.callId }, 'attempt not dialed'));
    }
    return placed;
  }

  /** Orphans, the short-call shares and old samples: at start and every 60 s. */
  async maintain(): Promise<void> {
    await this.reconcileOrphans();
    const tenants = [...new Set((await repo.listDialableCampaigns(this.deps.db)).map((campaign) => campaign.tenantId))];
    await this.refreshShortCalls(tenants);
    await repo.pruneSamples(this.deps.db, new Date(Date.now() - SAMPLE_RETENTION_MS));
  }

  /** Attempts a dead dialer left in flight, adopted and checked against the switch (orphans.ts). */
  reconcileOrphans(): Promise<number> {
    return reconcileOrphans({ db: this.deps.db, esl: this.deps.esl, lifecycle: this.lifecycle, owner: this.owner, isAlive: (owner) => this.ownership.isAlive(owner) });
  }

  private async refreshShortCalls(tenantIds: string[]): Promise<void> {
    const counts = await repo.shortCallsToday(this.deps.db, tenantIds, ANATEL_SHORT_CALL_SECONDS);
    const thresholds = await repo.shortCallThresholds(this.deps.db, tenantIds);
    const next = new Map<string, ShortCallAssessment>();
    for (const [tenantId, { calls, short }] of counts) {
      next.set(tenantId, assessShortCalls({ shortCallsToday: short, callsToday: calls }, { ...DEFAULT_SHORT_CALL_SETTINGS, threshold: thresholds.get(tenantId) ?? DEFAULT_SHORT_CALL_SETTINGS.threshold }));
    }
    this.shortCalls = next;
  }

  /**
   * Leads waiting for their window, per campaign: counted again every 30 s, in one read per set of
   * callable area codes; the campaigns' 30 s are staggered, so a tick recounts a share of them.
   * A campaign's first count is awaited (its first state shows it). A recount runs behind the tick
   * and shows from the next one: the number only informs the console, so no tick waits for it.
   */
  private async leadsWaitingWindow(ticked: Ticked[], now: Date): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const first: WaitingGroups = new Map();
    const stale: WaitingGroups = new Map();
    for (const { campaign, ddds } of ticked) {
      const cached = this.waitingCounts.get(campaign.id);
      if (cached) counts.set(campaign.id, cached.count);
      if (cached && now.getTime() - cached.at < this.waitingCountMs) continue;
      const groups = cached ? stale : first;
      const key = ddds.join(',');
      const group = groups.get(key) ?? { ddds, ids: [] };
      group.ids.push(campaign.id);
      groups.set(key, group);
    }
    for (const [id, count] of await this.countWaiting(first, now, false)) counts.set(id, count);
    if (stale.size > 0 && !this.recounting) {
      this.recounting = this.countWaiting(stale, now, true)
        .then(() => undefined)
        .catch((error: unknown) => this.log.warn({ err: error }, 'leads waiting for their window not recounted'))
        .finally(() => {
          this.recounting = null;
        });
    }
    return counts;
  }

  /** Counts and remembers; a recount of a campaign forgotten meanwhile (no longer owned) is dropped. */
  private async countWaiting(groups: WaitingGroups, now: Date, recount: boolean): Promise<Map<string, number>> {
    const counted = new Map<string, number>();
    for (const { ddds, ids } of groups.values()) {
      const found = await repo.countsWaitingForWindow(this.deps.db, ids, ddds, now);
      for (const id of ids) {
        if (recount && !this.waitingCounts.has(id)) continue;
        const count = found.get(id) ?? 0;
        const at = recount ? now.getTime() : staggeredAt(id, now.getTime(), this.waitingCountMs);
        this.waitingCounts.set(id, { at, count });
        counted.set(id, count);
      }
    }
    return counted;
  }

  /** What the console's live panel gets of a campaign's tick. */
  private payloadOf(tick: Ticked, waiting: number, now: Date): CampaignDialerUpdatedPayload {
    const { campaign } = tick;
    return {
      campaignId: campaign.id,
      at: now.toISOString(),
      mode: tick.decision.mode,
      dialLevel: tick.level,
      answerRate: tick.stats.outcomes > 0 ? tick.stats.answerProbability : null,
      abandonRate: tick.stats.answered > 0 ? tick.stats.abandonRate : null,
      abandonTarget: campaign.abandonTarget,
      callsRinging: tick.ringing,
      answeredWaiting: tick.answeredWaiting,
      callsInFlight: tick.inFlight,
      placed: tick.placed,
      reasons: tick.reasons,
      agents: { available: tick.load.available, busy: tick.load.busy.length },
      leadsWaitingWindow: waiting,
    };
  }

  /** True once published (a failure is sent again next tick). */
  private async publishUpdate(tenantId: string, payload: CampaignDialerUpdatedPayload): Promise<boolean> {
    try {
      await this.deps.realtime.publish(tenantId, 'CAMPAIGN_DIALER_UPDATED', { ...payload });
      return true;
    } catch (error) {
      this.log.debug({ err: error, campaignId: payload.campaignId }, 'CAMPAIGN_DIALER_UPDATED not published');
      return false;
    }
  }
}

/** A campaign's decision before its calls are placed. */
interface Decided {
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

interface Grant {
  tokens: number;
  grantedAt: Date;
}

/** What one campaign's tick concluded, kept for the tick's batched write and its event. */
interface Ticked {
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

