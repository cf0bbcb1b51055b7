// Queues and tiers. Every change marks the tenant's callcenter configuration in the outbox in the
// same transaction (the config sync writes the XML); after the commit the switch is told directly,
// best-effort, through CallCenterSync.
import { E } from '../../platform/http/error-codes.ts';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuditAction } from '../../platform/audit/audit-actions.ts';
import { isUniqueViolation, type DatabaseHandles, type Tx } from '../../platform/db/database.ts';
import { routedTo } from '../inbound-routes/inbound-routes.repo.ts';
import { menusTargeting } from '../ivr-menus/ivr-menus.repo.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { assertQuota } from '../../platform/quotas/quotas.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import type { CallCenterSync } from '../agents/callcenter-sync.ts';
import * as repo from './queues.repo.ts';
import type { Queue, QueueCreateBody, QueuePatchBody, Tier, TierAssignBody } from './queues.schema.ts';
import { assertNotUsedByCampaigns } from '../campaigns/campaigns.service.ts';


const nameInUse = (name: string) => conflict('queueName', name, `A queue named ${name} already exists (deleted ones count)`);

export class QueuesService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly sync: CallCenterSync,
  ) {}

  async list(tenantId: string): Promise<Queue[]> {
    return (await this.db.withTenant(tenantId, repo.listQueues)).map(repo.toQueue);
  }

  async get(tenantId: string, id: string): Promise<Queue> {
    return repo.toQueue(await this.db.withTenant(tenantId, (tx) => this.existing(tx, id)));
  }

  async create(actor: TenantActor, body: QueueCreateBody): Promise<Queue> {
    const name = body.name.trim();
    const queue = await this.uniqueName(name, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        await assertQuota(tx, 'queues');
        const row = await repo.insertQueue(tx, actor.tenantId, { ...body, name });
        await this.changed(tx, actor, 'QUEUE_CREATED', row.id, { name });
        return repo.toQueue(row);
      }),
    );
    return queue;
  }

  async update(actor: TenantActor, id: string, body: QueuePatchBody): Promise<Queue> {
    const name = body.name?.trim();
    const queue = await this.uniqueName(name, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        await this.existing(tx, id);
        const row = await repo.updateQueue(tx, id, name === undefined ? body : { ...body, name });
        await this.changed(tx, actor, 'QUEUE_UPDATED', id, { changed: Object.keys(body) });
        return repo.toQueue(row);
      }),
    );
    return queue;
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    const agentIds = await this.db.withTenant(actor.tenantId, async (tx) => {
      await this.existing(tx, id);
      // Like extensions and IVR menus: a queue an inbound route still sends calls to stays.
      if (await routedTo(tx, 'QUEUE', id)) throw badRequest(E.QUEUE_IN_USE, 'An inbound route sends calls to this queue; change the route first');
      await assertNotUsedByCampaigns(tx, 'queueId', id);
      const menus = await menusTargeting(tx, 'QUEUE', id);
      if (menus.length > 0) throw badRequest(E.QUEUE_IN_USE, `The IVR menus ${menus.join(', ')} send callers to this queue; change them first`, [{ path: 'id', message: `targeted by ${menus.join(', ')}` }]);
      const removed = await repo.deleteTiersOfQueue(tx, id);
      await repo.softDeleteQueue(tx, id);
      await this.changed(tx, actor, 'QUEUE_DELETED', id, { tiersRemoved: removed.length });
      return removed;
    });
    // The config sync drops the queue from the XML; its tiers go now so no agent keeps serving it.
    for (const agentId of agentIds) await this.sync.tierRemoved(id, agentId);
  }

  async listTiers(tenantId: string, queueId: string): Promise<Tier[]> {
    return this.db.withTenant(tenantId, async (tx) => {
      await this.existing(tx, queueId);
      return (await repo.listTiers(tx, queueId)).map(repo.toTier);
    });
  }

  /** Assigns an agent to the queue, or changes the level and position given. */
  async assignTier(
    actor: TenantActor,
    queueId: string,
    body: TierAssignBody,
  ): Promise<{ tier: Tier; created: boolean }> {
    const result = await this.db.withTenant(actor.tenantId, async (tx) => {
      // A body naming no agent of this tenant is a bad body (400), checked before the queue (404).
      if (!(await repo.isLiveAgent(tx, body.agentId))) {
        throw badRequest(E.INVALID_AGENT, 'agentId must be an agent of this tenant');
      }
      await this.existing(tx, queueId);
      const { created } = await repo.upsertTier(tx, { tenantId: actor.tenantId, queueId, ...body });
      await this.changed(tx, actor, created ? 'QUEUE_AGENT_ASSIGNED' : 'QUEUE_AGENT_UPDATED', queueId, {
        agentId: body.agentId,
        level: body.level,
        position: body.position,
      });
      const row = await repo.findTier(tx, queueId, body.agentId);
      return { tier: repo.toTier(row!), created };
    });
    await this.sync.tierAssigned(queueId, body.agentId, result.tier.level, result.tier.position);
    return result;
  }

  async removeTier(actor: TenantActor, queueId: string, agentId: string): Promise<void> {
    await this.db.withTenant(actor.tenantId, async (tx) => {
      await this.existing(tx, queueId);
      if (!(await repo.deleteTier(tx, queueId, agentId))) throw notFound('queueAgent');
      await this.changed(tx, actor, 'QUEUE_AGENT_REMOVED', queueId, { agentId });
    });
    await this.sync.tierRemoved(queueId, agentId);
  }

  private async existing(tx: Tx, id: string) {
    const row = await repo.findQueue(tx, id);
    if (!row) throw notFound('queue');
    return row;
  }

  /** Audit and outbox, in the transaction of the change. */
  private async changed(
    tx: Tx,
    actor: TenantActor,
    action: AuditAction,
    queueId: string,
    details: Record<string, unknown>,
  ) {
    await markSwitchConfigChanged(tx, actor.tenantId, 'callcenter');
    await recordAudit(tx, actor, { action, targetType: 'queue', targetId: queueId, details });
  }

  /** The unique key (deleted queues included) is the one check, concurrent writes too. */
  private async uniqueName<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'queues_tenant_id_name_key')) throw nameInUse(name ?? '');
      throw error;
    }
  }
}
