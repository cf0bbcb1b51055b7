import { E } from '../../platform/http/error-codes.ts';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation, type DatabaseHandles } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import * as repo from './plans.repo.ts';
import type { Plan, PlanCreateBody, PlanPatchBody } from './plans.schema.ts';

/** New tenants get this plan when none is named, so it cannot be deleted. */
export const DEFAULT_PLAN_ID = 'trial';

export class PlansService {
  constructor(private readonly db: DatabaseHandles) {}

  async list(): Promise<Plan[]> {
    return (await this.db.withPlatform(repo.listPlans)).map(repo.toPlan);
  }

  async get(id: string): Promise<Plan> {
    const row = await this.db.withPlatform((tx) => repo.findPlan(tx, id));
    if (!row) throw notFound('plan');
    return repo.toPlan(row);
  }

  async create(actor: Actor, body: PlanCreateBody): Promise<Plan> {
    const id = body.id ?? randomUUID();
    try {
      return await this.db.withPlatform(async (tx) => {
        const row = await repo.insertPlan(tx, id, body);
        await recordAudit(tx, actor, { action: 'PLAN_CREATED', targetType: 'plan', targetId: id, tenantId: null });
        return repo.toPlan(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('planId', id, `A plan with id ${id} already exists`);
      throw error;
    }
  }

  async update(actor: Actor, id: string, body: PlanPatchBody): Promise<Plan> {
    return this.db.withPlatform(async (tx) => {
      const row = await repo.updatePlan(tx, id, body);
      if (!row) throw notFound('plan');
      await recordAudit(tx, actor, {
        action: 'PLAN_UPDATED',
        targetType: 'plan',
        targetId: id,
        tenantId: null,
        details: { changed: Object.keys(body) },
      });
      return repo.toPlan(row);
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.withPlatform(async (tx) => {
      if (!(await repo.findPlan(tx, id))) throw notFound('plan');
      if (id === DEFAULT_PLAN_ID) throw badRequest(E.PLAN_IS_DEFAULT, 'The default plan cannot be deleted');
      const inUse = await repo.tenantsOnPlan(tx, id);
      if (inUse > 0) throw badRequest(E.PLAN_IN_USE, `The plan is used by ${inUse} tenant(s)`, undefined, { count: inUse });
      await repo.deletePlan(tx, id);
      await recordAudit(tx, actor, { action: 'PLAN_DELETED', targetType: 'plan', targetId: id, tenantId: null });
    });
  }
}
