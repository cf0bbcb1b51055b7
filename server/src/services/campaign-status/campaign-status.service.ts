// The campaign moves nobody asks for (decision 0039's system column): a RUNNING campaign outside
// its calling windows waits (WAITING_SCHEDULE) and comes back inside them; one with no lead left to
// dial and no call in flight is COMPLETED; a DRAINING one whose calls ended is STOPPED. Reviewed
// at start and every 30 s, by one instance at a time (the coordination lock); the dialer reviews
// its campaign on its own tick as well.
import type { Logger } from 'pino';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { CampaignSchedule, CampaignStatus } from '../../platform/db/schema.ts';
import type { CampaignStatusChangedPayload } from '../../platform/realtime/campaign-event-schemas.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { systemCampaignStatus, type CampaignFacts } from '../../modules/campaigns/campaign-state.ts';
import { lockCampaign, setStatus } from '../../modules/campaigns/campaigns.repo.ts';
import { isInSchedule } from '../../modules/campaigns/schedule.ts';
import { callableDdds } from '../../modules/dialer/calling-hours.ts';
import { countDialable, hasLeadInAreaCodes } from '../../modules/leads/leads.repo.ts';
import { callingRulesOf } from '../dialer/campaign-rules.ts';

const LOCK_KEY = 'campaign-status';
const LOCK_TTL_MS = 60_000;
const DEFAULT_INTERVAL_MS = 30_000;
/** The statuses the system moves out of by itself once the campaign was started. */
const REVIEWED: CampaignStatus[] = ['RUNNING', 'WAITING_SCHEDULE', 'DRAINING'];

export interface CampaignStatusDeps {
  db: DatabaseHandles;
  coordination: Coordination;
  realtime: RealtimePublisher;
  log: Logger;
  intervalMs?: number;
}

export interface ReviewResult {
  /** Another instance was reviewing. */
  skipped: boolean;
  moves: CampaignStatusChangedPayload[];
}

/** Why the system moved a campaign, as CAMPAIGN_STATUS_CHANGED and the audit say it. */
export function causeOf(from: CampaignStatus, to: CampaignStatus): string {
  if (to === 'COMPLETED') return 'completed';
  if (from === 'DRAINING') return 'drained';
  return 'schedule';
}

export class CampaignStatusKeeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private readonly log: Logger;

  constructor(private readonly deps: CampaignStatusDeps) {
    this.log = deps.log.child({ service: 'campaign-status' });
  }

  start(): void {
    const tick = () => {
      this.running = this.running.then(() => this.review()).catch((error: unknown) => this.log.warn({ err: error }, 'campaign status review failed'));
    };
    this.timer = setInterval(tick, this.deps.intervalMs ?? DEFAULT_INTERVAL_MS);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Applies the system's move to every started campaign of every tenant that needs one at `now`. */
  async review(now = new Date()): Promise<ReviewResult> {
    const lock = await this.deps.coordination.acquireLock(LOCK_KEY, LOCK_TTL_MS);
    if (!lock) return { skipped: true, moves: [] };
    const moves: CampaignStatusChangedPayload[] = [];
    try {
      const started = await this.deps.db.withPlatform((tx) =>
        tx
          .selectFrom('campaigns as c')
          .innerJoin('tenants as t', 't.id', 'c.tenantId')
          .select(['c.id', 'c.tenantId'])
          .where('c.deletedAt', 'is', null)
          .where('c.status', 'in', REVIEWED)
          .where('t.status', '=', 'ACTIVE')
          .execute(),
      );
      for (const campaign of started) {
        try {
          const move = await this.deps.db.withTenant(campaign.tenantId, (tx) => this.reviewOne(tx, campaign.tenantId, campaign.id, now));
          if (!move) continue;
          moves.push(move);
          await this.publish(campaign.tenantId, move);
        } catch (error) {
          this.log.warn({ err: error, tenantId: campaign.tenantId, campaignId: campaign.id }, 'campaign not reviewed; tried again next time');
        }
      }
    } finally {
      await lock.release().catch(() => undefined);
    }
    return { skipped: false, moves };
  }

  /** One campaign, locked so an operator's start, pause or stop in the same instant waits for it. */
  private async reviewOne(tx: Tx, tenantId: string, campaignId: string, now: Date): Promise<CampaignStatusChangedPayload | null> {
    const campaign = await lockCampaign(tx, campaignId);
    if (!campaign || !REVIEWED.includes(campaign.status)) return null;
    const leadsLeft = await countDialable(tx, campaignId);
    const facts: CampaignFacts = {
      leadsLeft,
      inFlight: await callsInFlight(tx, campaignId),
      inSchedule: leadsLeft > 0 ? await someLeadCallable(tx, campaign, now) : isInSchedule(campaign.schedule, campaign.timezone, now),
    };
    const next = systemCampaignStatus(campaign.status, facts);
    if (next === null) return null;
    await setStatus(tx, campaignId, next);
    const cause = causeOf(campaign.status, next);
    await recordAudit(tx, null, {
      tenantId,
      action: 'CAMPAIGN_STATUS_CHANGED',
      targetType: 'campaign',
      targetId: campaignId,
      details: { from: campaign.status, to: next, cause, ...facts },
    });
    return { campaignId, status: next, previousStatus: campaign.status, cause, userId: null };
  }

  private async publish(tenantId: string, move: CampaignStatusChangedPayload): Promise<void> {
    try {
      await this.deps.realtime.publish(tenantId, 'CAMPAIGN_STATUS_CHANGED', { ...move });
    } catch (error) {
      // The move is committed; the console corrects itself on its next read.
      this.log.warn({ err: error, tenantId, campaignId: move.campaignId }, 'CAMPAIGN_STATUS_CHANGED could not be published');
    }
  }
}

/**
 * Whether some lead left may be called now: the campaign's windows, the callee's local time,
 * holidays and the state policies the campaign observes (calling-hours.ts).
 */
async function someLeadCallable(tx: Tx, campaign: { id: string; schedule: CampaignSchedule; timezone: string }, now: Date): Promise<boolean> {
  const { callingPolicies } = await tx.selectFrom('campaigns').select('callingPolicies').where('id', '=', campaign.id).executeTakeFirstOrThrow();
  const ddds = callableDdds(callingRulesOf({ ...campaign, callingPolicies }), now);
  return ddds.length > 0 && hasLeadInAreaCodes(tx, campaign.id, ddds);
}

/**
 * The campaign's calls not ended yet and its attempts in flight (a simulated attempt that never
 * reaches the switch has no call record until it ends); a call may count twice, only zero matters.
 */
async function callsInFlight(tx: Tx, campaignId: string): Promise<number> {
  const calls = await tx
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('campaignId', '=', campaignId)
    .where('endedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const attempts = await tx
    .selectFrom('dialAttempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('campaignId', '=', campaignId)
    .where('endedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(calls.count) + Number(attempts.count);
}
