// A tick's round after its decisions (dialer.service.ts): the CPS tokens its campaigns asked for,
// then their leads claimed, their attempts written and followed, and their calls originated.
import type { Logger } from 'pino';
import type { BucketSpec, Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { AttemptDialer } from './attempt-dialer.ts';
import type { AttemptLifecycle, TrackedAttempt } from './attempt-lifecycle.ts';
import type { Decided } from './campaign-decision.ts';
import { cpsBuckets } from './campaign-rules.ts';
import * as repo from './dialer.repo.ts';
import { noteFull, surelyFull, type FullBuckets } from './tick-rounds.ts';

export interface Grant {
  tokens: number;
  grantedAt: Date;
}

export interface RoundPlacerDeps {
  db: DatabaseHandles;
  coordination: Coordination;
  lifecycle: AttemptLifecycle;
  switchSide: AttemptDialer;
  log: Logger;
  /** Names this process in its attempts. */
  owner: string;
  /** The GLOBAL CPS bucket's calls per second. */
  globalCps: number;
  /** Outcomes drawn by the dialer (DIALER_SIMULATION). */
  simulated: boolean;
}

export class RoundPlacer {
  constructor(private readonly deps: RoundPlacerDeps) {}

  /**
   * Takes a CPS token per call on every level at once (each token from all levels or none), for
   * every campaign of the round in one atomic step, in the round's order; a grant's time is its
   * attempts'. A campaign behind a bucket an earlier round found full in this second is not asked:
   * it would get nothing.
   */
  async takeTokens(asking: Decided[], full: FullBuckets): Promise<Map<string, Grant>> {
    const { globalCps } = this.deps;
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
  async place(granted: Decided[], grants: Map<string, Grant>, now: Date): Promise<Map<string, number>> {
    const placed = new Map<string, number>();
    if (granted.length === 0) return placed;
    const { simulated } = this.deps;
    const claimed = await repo.claimAttempts(
      this.deps.db,
      granted.map(({ campaign, ddds }) => {
        const grant = grants.get(campaign.id)!;
        return { campaignId: campaign.id, tenantId: campaign.tenantId, count: grant.tokens, callableDdds: ddds, grantedAt: grant.grantedAt };
      }),
      now,
      this.deps.owner,
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
      this.deps.lifecycle.follow(attempt);
      this.deps.switchSide.dial(campaign, attempt, lead.name).catch((error: unknown) => this.deps.log.warn({ err: error, callId: attempt.callId }, 'attempt not dialed'));
    }
    return placed;
  }
}
