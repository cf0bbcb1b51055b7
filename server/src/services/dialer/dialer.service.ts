// The predictive dialer (decision 0047): a background service with no endpoints. Every 2 s it takes
// its share of the dialable campaigns (one owner per campaign, campaign-ownership.ts), reads them in
// a few statements, decides each one's calls (pacing.ts, abandon-control.ts, the short-call guard,
// the calling hours), takes CPS tokens on the four levels, writes the attempts, then originates.
// The originate and the switch's events are attempt-dialer.ts's, what follows them
// attempt-lifecycle.ts's. At start and every 60 s, attempts left in flight by a process that died
// are reconciled against the switch (orphans.ts).
// The tick's orchestration is here; a campaign's decision is campaign-decision.ts's, a round's
// tokens and calls round-placer.ts's, the writes and events tick-outputs.ts's, the waiting counts
// waiting-counts.ts's and the housekeeping housekeeping.ts's.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { callableDdds } from '../../modules/dialer/calling-hours.ts';
import type { ShortCallAssessment } from '../../modules/dialer/short-call-guard.ts';
import { AttemptLifecycle } from './attempt-lifecycle.ts';
import { CampaignOwnership } from './campaign-ownership.ts';
import * as repo from './dialer.repo.ts';
import { agentLoad, type AgentLoad } from './agent-load.ts';
import { countsAgent, dealSharedAgents, rotationAt } from './agent-sharing.ts';
import { AttemptDialer } from './attempt-dialer.ts';
import { callingRulesOf } from './campaign-rules.ts';
import { concluded, decide, type CampaignTick, type Decided, type DialLevelFeedback, type Ticked } from './campaign-decision.ts';
import { DEFAULT_GLOBAL_CPS, DEFAULT_LOCK_TTL_MS, DEFAULT_RECONCILE_MS, DEFAULT_TICK_MS, DEFAULT_WAITING_COUNT_MS, type DialerDeps } from './dialer-options.ts';
import { pruneOldSamples, shortCallAssessments } from './housekeeping.ts';
import { reconcileOrphans } from './orphans.ts';
import { RoundPlacer, type Grant } from './round-placer.ts';
import { groupBy, tenantRounds, type FullBuckets } from './tick-rounds.ts';
import { TickOutputs } from './tick-outputs.ts';
import { phaseClock, type TickPhases } from './phase-clock.ts';
import { SnapshotCache } from './snapshot-cache.ts';
import { WaitingCounts } from './waiting-counts.ts';

// Every name other files import from here stays importable from here.
export * from './dialer-options.ts';
export type { CampaignTick } from './campaign-decision.ts';

const NONE_IN_FLIGHT: repo.AttemptsInFlight = { count: 0, answeredWaiting: 0, ringingSince: [] };

export class DialerEngine {
  readonly owner: string;
  private readonly lifecycle: AttemptLifecycle;
  private readonly switchSide: AttemptDialer;
  private readonly ownership: CampaignOwnership;
  private readonly placer: RoundPlacer;
  private readonly outputs: TickOutputs;
  private readonly waitingCounts: WaitingCounts;
  private readonly log: Logger;
  private tickTimer: NodeJS.Timeout | null = null;
  private reconcileTimer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Per campaign: when its dial level was last adjusted and whether the level bound the last decision. */
  private readonly feedback: DialLevelFeedback = new Map();
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
    this.placer = new RoundPlacer({
      db: deps.db,
      coordination: deps.coordination,
      lifecycle: this.lifecycle,
      switchSide: this.switchSide,
      log: this.log,
      owner: this.owner,
      globalCps: deps.options.globalCps ?? DEFAULT_GLOBAL_CPS,
      simulated: this.mode === 'SIMULATION',
    });
    this.outputs = new TickOutputs({ db: deps.db, realtime: deps.realtime, log: this.log });
    this.waitingCounts = new WaitingCounts({ db: deps.db, log: this.log, waitingCountMs: deps.options.waitingCountMs ?? DEFAULT_WAITING_COUNT_MS });
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
    await this.waitingCounts.settled();
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
        grants = await this.placer.takeTokens(asking, full);
      } catch (error) {
        for (const d of asking) {
          failed(d.campaign, error);
          lost.add(d.campaign.id);
        }
      }
      const granted = asking.filter((d) => (grants.get(d.campaign.id)?.tokens ?? 0) > 0);
      clock.lap('cps');
      try {
        placed = await this.placer.place(granted, grants, now);
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
        const result = concluded(d, placed.get(d.campaign.id) ?? 0, grant !== undefined && grant.tokens < d.wanted);
        callsByTenant.set(result.campaign.tenantId, (callsByTenant.get(result.campaign.tenantId) ?? 0) + result.placed);
        ticked.push(result);
      }
      clock.lap('decisions');
    }
    if (ticked.length === 0) return [];
    const waiting = await this.waitingCounts.leadsWaitingWindow(ticked, now).catch((error: unknown) => {
      this.log.warn({ err: error }, 'leads waiting for their window not counted');
      return new Map<string, number>();
    });
    clock.lap('waiting');
    // Independent, and each keeps its own failures: the database and Redis work side by side.
    await Promise.all([this.outputs.saveChanged(ticked, waiting, now), this.outputs.publishChanged(ticked, waiting, now)]);
    clock.lap('writes');
    this.lastTickPhases = clock.spent();
    this.log.debug({ campaigns: ticked.length, phases: this.lastTickPhases }, 'dialer tick');
    return ticked.map((tick) => ({ campaignId: tick.campaign.id, tenantId: tick.campaign.tenantId, placed: tick.placed, decision: tick.decision, blocked: tick.blocked }));
  }

  /**
   * Drops what this process kept about campaigns it no longer dials (stopped, or taken by another
   * process): otherwise it grows with every campaign ever owned, and a campaign taken back later
   * starts afresh rather than from a stale memory.
   */
  private forgetCampaignsNotIn(owned: ReadonlySet<string>): void {
    for (const campaignId of this.feedback.keys()) if (!owned.has(campaignId)) this.feedback.delete(campaignId);
    this.waitingCounts.keepOnly(owned);
    this.outputs.keepOnly(owned);
    this.snapshots.keepOnly(owned);
  }

  /** One campaign's decision; the first one of a dialer that may place no call says so once in the log. */
  private decide(campaign: repo.CampaignSnapshot, load: AgentLoad, attempts: repo.AttemptsInFlight, callsInProgress: number, ddds: number[], now: Date): Decided {
    const decided = decide(campaign, load, attempts, callsInProgress, ddds, now, {
      feedback: this.feedback,
      shortCallFactor: this.shortCalls.get(campaign.tenantId)?.pacingFactor ?? 1,
      mode: this.mode,
    });
    if (this.mode === 'DISABLED' && !this.realOutboundWarned) {
      this.realOutboundWarned = true;
      this.log.warn('DIALER_SIMULATION=false without DIALER_REAL_OUTBOUND=true: the dialer places no call');
    }
    return decided;
  }

  /** Orphans, the short-call shares and old samples: at start and every 60 s. */
  async maintain(): Promise<void> {
    await this.reconcileOrphans();
    const tenants = [...new Set((await repo.listDialableCampaigns(this.deps.db)).map((campaign) => campaign.tenantId))];
    this.shortCalls = await shortCallAssessments(this.deps.db, tenants);
    await pruneOldSamples(this.deps.db);
  }

  /** Attempts a dead dialer left in flight, adopted and checked against the switch (orphans.ts). */
  reconcileOrphans(): Promise<number> {
    return reconcileOrphans({ db: this.deps.db, esl: this.deps.esl, lifecycle: this.lifecycle, owner: this.owner, isAlive: (owner) => this.ownership.isAlive(owner) });
  }
}
