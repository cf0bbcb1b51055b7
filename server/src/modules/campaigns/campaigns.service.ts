// Campaigns: their configuration and the operations of their state machine (decision 0039). Every
// write locks the campaign row, checks the body against the tenant's own queues and trunks,
// is audited in the same transaction, and a status move is published after the commit.
import { E } from '../../platform/http/error-codes.ts';
import type { Logger } from 'pino';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation, type DatabaseHandles, type Tx } from '../../platform/db/database.ts';
import type { CampaignSchedule } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { assertQuota } from '../../platform/quotas/quotas.ts';
import type { CampaignStatusChangedPayload } from '../../platform/realtime/campaign-event-schemas.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import { deleteAfterCommit } from '../../platform/storage/replace.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import { isDeletable, nextCampaignStatus, type CampaignOperation } from './campaign-state.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { findTrunk } from '../trunks/trunks.repo.ts';
import { ownNumber } from '../numbers/numbers.service.ts';
import * as repo from './campaigns.repo.ts';
import * as dialer from './campaign-dialer.repo.ts';
import { ratesOf, reasonsOf, shortCallsView } from './campaign-dialer-view.ts';
import type { Campaign, CampaignCreateBody, CampaignPatchBody, CampaignStats, StatsHistory } from './campaigns.schema.ts';
import { DEFAULT_SCHEDULE, isInSchedule, isKnownTimeZone, scheduleProblem } from './schedule.ts';

const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/** Refuses to delete a queue or trunk a live campaign still dials through (400 USED_BY_CAMPAIGN). */
export async function assertNotUsedByCampaigns(tx: Tx, column: 'queueId' | 'trunkId', id: string): Promise<void> {
  const names = await repo.campaignsUsing(tx, column, id);
  if (names.length === 0) return;
  const list = names.join(', ');
  throw badRequest(E.USED_BY_CAMPAIGN, `The campaigns ${list} use it; change or delete them first`, [{ path: 'id', message: `used by ${list}` }], { campaigns: list });
}

/** The settings a campaign would have after a write, checked together (a PATCH may change one side of a pair). */
interface Settings {
  queueId: string;
  trunkId: string;
  pacingMin: number;
  pacingMax: number;
  timezone: string;
  schedule: CampaignSchedule;
}

async function assertValid(tx: Tx, settings: Settings, changed: Partial<Settings>): Promise<void> {
  if (settings.pacingMin > settings.pacingMax) {
    throw badRequest(E.INVALID_PACING, 'pacingMin cannot be greater than pacingMax', [{ path: '/pacingMin', message: 'must be ≤ pacingMax' }]);
  }
  if (changed.timezone !== undefined && !isKnownTimeZone(settings.timezone)) {
    throw badRequest(E.INVALID_TIMEZONE, 'timezone must be an IANA time zone such as America/Sao_Paulo', [{ path: '/timezone', message: 'unknown time zone' }]);
  }
  const problem = changed.schedule !== undefined ? scheduleProblem(settings.schedule) : null;
  if (problem) throw badRequest(E.INVALID_SCHEDULE, `The schedule is not valid: ${problem.message}`, [problem], { detail: problem.message });
  if (changed.queueId !== undefined && !(await findQueue(tx, settings.queueId))) {
    throw badRequest(E.INVALID_QUEUE, 'queueId must be a queue of this tenant', [{ path: '/queueId', message: 'unknown queue' }]);
  }
  if (changed.trunkId !== undefined && !(await findTrunk(tx, settings.trunkId))) {
    throw badRequest(E.UNKNOWN_TRUNK, 'trunkId must be a trunk of this tenant', [{ path: '/trunkId', message: 'unknown trunk' }]);
  }
}

export class CampaignsService {
  constructor(
    private readonly deps: { db: DatabaseHandles; storage: ObjectStorage; realtime: RealtimePublisher; log: Pick<Logger, 'warn'> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(tenantId: string): Promise<Campaign[]> {
    return (await this.deps.db.withTenant(tenantId, repo.listCampaigns)).map(repo.toCampaign);
  }

  async get(tenantId: string, id: string): Promise<Campaign> {
    const row = await this.deps.db.withTenant(tenantId, (tx) => repo.findCampaign(tx, id));
    if (!row) throw notFound('campaign');
    return repo.toCampaign(row);
  }

  /** Leads by status, the queue's agents by state, calls placed, answered and in progress. */
  stats(tenantId: string, id: string): Promise<CampaignStats> {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      const campaign = await repo.findCampaign(tx, id);
      if (!campaign) throw notFound('campaign');
      // Sequential: one transaction is one connection, its queries run one after the other anyway.
      const counts = await repo.campaignCounts(tx, campaign);
      const attempts = await dialer.attemptCounts(tx, id);
      const state = await dialer.findDialerState(tx, id);
      const shortCalls = shortCallsView(await dialer.shortCallsToday(tx, tenantId));
      const rates = state ? ratesOf(state.statistics) : { answerRate: null, abandonRate: null };
      return {
        ...counts,
        attempts: attempts.attempts,
        answered: attempts.answered,
        abandonRate: rates.abandonRate,
        dialLevel: state?.dialLevel ?? null,
        dialer: state
          ? {
              mode: state.mode,
              answerRate: rates.answerRate,
              abandonTarget: state.abandonTarget,
              abandonAfterSeconds: state.abandonAfterSeconds,
              callsRinging: attempts.ringing,
              answeredWaiting: attempts.answeredWaiting,
              callsInFlight: attempts.inFlight,
              reasons: reasonsOf(state.lastDecision),
              leadsWaitingWindow: state.leadsWaitingWindow,
              updatedAt: state.updatedAt.toISOString(),
            }
          : null,
        shortCalls,
      };
    });
  }

  /** The dialer's per-minute samples of the last `minutes` minutes, oldest first (decision 0049). */
  history(tenantId: string, id: string, minutes: number): Promise<StatsHistory> {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      if (!(await repo.findCampaign(tx, id))) throw notFound('campaign');
      const rows = await dialer.dialerSamples(tx, id, minutes);
      return { samples: rows.map((row) => ({ ...row, minute: row.minute.toISOString() })) };
    });
  }

  async create(actor: TenantActor, body: CampaignCreateBody): Promise<Campaign> {
    const name = body.name.trim();
    const values = { ...body, name, timezone: body.timezone ?? DEFAULT_TIMEZONE, schedule: body.schedule ?? DEFAULT_SCHEDULE };
    return this.uniqueName(name, () =>
      this.deps.db.withTenant(actor.tenantId, async (tx) => {
        await assertValid(tx, values, values);
        await assertQuota(tx, 'campaigns');
        const row = await repo.insertCampaign(tx, actor.tenantId, await withOwnCallerId(tx, values));
        await recordAudit(tx, actor, { action: 'CAMPAIGN_CREATED', targetType: 'campaign', targetId: row.id, details: { name } });
        return repo.toCampaign(row);
      }),
    );
  }

  async update(actor: TenantActor, id: string, body: CampaignPatchBody): Promise<Campaign> {
    const patch = body.name === undefined ? body : { ...body, name: body.name.trim() };
    return this.uniqueName(patch.name, () =>
      this.deps.db.withTenant(actor.tenantId, async (tx) => {
        const current = await this.locked(tx, id);
        await assertValid(tx, { ...current, ...patch }, patch);
        const row = await repo.updateCampaign(tx, id, await withOwnCallerId(tx, patch));
        await recordAudit(tx, actor, { action: 'CAMPAIGN_UPDATED', targetType: 'campaign', targetId: id, details: { changed: Object.keys(body) } });
        return repo.toCampaign(row);
      }),
    );
  }

  /** Soft delete; refused while the dialer may be placing or finishing its calls. Its abandon message is deleted. */
  async remove(actor: TenantActor, id: string): Promise<void> {
    const message = await this.deps.db.withTenant(actor.tenantId, async (tx) => {
      const current = await this.locked(tx, id);
      if (!isDeletable(current.status)) {
        throw badRequest(E.CAMPAIGN_ACTIVE, `A ${current.status} campaign cannot be deleted; pause or stop it first`, undefined, { status: current.status });
      }
      await repo.softDeleteCampaign(tx, id);
      // The switch's copy of the message is pruned by the config sync's next pass.
      if (current.abandonMessageObjectKey) await markSwitchConfigChanged(tx, actor.tenantId, 'dialplan');
      await recordAudit(tx, actor, { action: 'CAMPAIGN_DELETED', targetType: 'campaign', targetId: id, details: { name: current.name, status: current.status } });
      return current.abandonMessageObjectKey;
    });
    // After the commit: the row no longer points at the object (storage may be remote).
    if (message) await deleteAfterCommit(this.deps, message);
  }

  /** start, pause, drain or stop: the table's move, or 400 and nothing changed. */
  async operate(actor: TenantActor, id: string, operation: CampaignOperation): Promise<Campaign> {
    const { campaign, change } = await this.deps.db.withTenant(actor.tenantId, async (tx) => {
      const current = await this.locked(tx, id);
      const next = nextCampaignStatus(current.status, operation, { inSchedule: isInSchedule(current.schedule, current.timezone, this.now()) });
      if (next === null) {
        throw badRequest(E.INVALID_CAMPAIGN_TRANSITION, `A ${current.status} campaign cannot ${operation}`, undefined, { status: current.status, operation });
      }
      const row = await repo.setStatus(tx, id, next);
      await recordAudit(tx, actor, { action: 'CAMPAIGN_STATUS_CHANGED', targetType: 'campaign', targetId: id, details: { from: current.status, to: next, operation } });
      const change: CampaignStatusChangedPayload = { campaignId: id, status: next, previousStatus: current.status, cause: operation, userId: actor.userId };
      return { campaign: repo.toCampaign(row), change };
    });
    await this.publish(actor.tenantId, change);
    return campaign;
  }

  private async publish(tenantId: string, change: CampaignStatusChangedPayload): Promise<void> {
    try {
      await this.deps.realtime.publish(tenantId, 'CAMPAIGN_STATUS_CHANGED', { ...change });
    } catch (error) {
      // The move is committed; a lost push is corrected by the next read of the campaign.
      this.deps.log.warn({ tenantId, campaignId: change.campaignId, err: error }, 'CAMPAIGN_STATUS_CHANGED could not be published');
    }
  }

  private async locked(tx: Tx, id: string) {
    const row = await repo.lockCampaign(tx, id);
    if (!row) throw notFound('campaign');
    return row;
  }

  /** The unique key (deleted campaigns included) is the one check, concurrent writes too. */
  private async uniqueName<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'campaigns_tenant_id_name_key')) throw conflict('campaignName', name ?? '', `A campaign named ${name ?? ''} already exists (deleted ones count)`);
      throw error;
    }
  }
}

/** A caller ID is one of the tenant's own numbers (decision 0063), stored in E.164; null clears it. */
async function withOwnCallerId<T extends { callerId?: string | null }>(tx: Tx, body: T): Promise<T> {
  if (body.callerId === undefined || body.callerId === null) return body;
  return { ...body, callerId: await ownNumber(tx, body.callerId, 'callerId') };
}
