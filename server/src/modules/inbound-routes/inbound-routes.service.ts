// Inbound routes: one of the tenant's own numbers (the platform's inventory, decision 0063) and
// where the call goes inside the tenant. Destinations are checked against the tenant's own rows;
// any number the tenant does not hold is refused the same way, saying nothing about who holds it.
import { E } from '../../platform/http/error-codes.ts';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuditAction } from '../../platform/audit/audit-actions.ts';
import { isUniqueViolation, type Tx } from '../../platform/db/database.ts';
import type { InboundDestinationType } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import type { ModuleServices } from '../module-services.ts';
import { ownNumber } from '../numbers/numbers.service.ts';
import * as repo from './inbound-routes.repo.ts';
import type { InboundRoute, InboundRouteCreateBody, InboundRoutePatchBody } from './inbound-routes.schema.ts';


const DESTINATION_MEANING: Record<InboundDestinationType, string> = {
  EXTENSION: 'an extension number of this tenant',
  IVR: 'the id of an IVR menu of this tenant (or its context)',
  QUEUE: 'the id of a queue of this tenant',
  CALL_GROUP: 'a call group used by an extension of this tenant',
};

const didConflict = (did: string) => conflict('inboundRouteDid', did, `The number ${did} is already in use`);

export class InboundRoutesService {
  constructor(private readonly services: Pick<ModuleServices, 'db'>) {}

  async list(tenantId: string): Promise<InboundRoute[]> {
    return (await this.services.db.withTenant(tenantId, repo.listRoutes)).map(repo.toRoute);
  }

  async get(tenantId: string, id: string): Promise<InboundRoute> {
    const row = await this.services.db.withTenant(tenantId, (tx) => repo.findRoute(tx, id));
    if (!row) throw notFound('inboundRoute');
    return repo.toRoute(row);
  }

  async create(actor: TenantActor, body: InboundRouteCreateBody): Promise<InboundRoute> {
    return this.uniqueDid(body.didNumber, () =>
      this.services.db.withTenant(actor.tenantId, async (tx) => {
        const didNumber = await ownNumber(tx, body.didNumber, 'didNumber');
        const destinationNumber = await assertDestination(tx, body.destinationType, body.destinationNumber);
        const row = await repo.insertRoute(tx, actor.tenantId, { ...body, didNumber, destinationNumber });
        await this.changed(tx, actor, 'INBOUND_ROUTE_CREATED', row.id, { didNumber: row.didNumber, destinationType: row.destinationType });
        return repo.toRoute(row);
      }),
    );
  }

  async update(actor: TenantActor, id: string, body: InboundRoutePatchBody): Promise<InboundRoute> {
    return this.uniqueDid(body.didNumber ?? '', () =>
      this.services.db.withTenant(actor.tenantId, async (tx) => {
        const current = await repo.findRoute(tx, id);
        if (!current) throw notFound('inboundRoute');
        const type = body.destinationType ?? current.destinationType;
        const destination = body.destinationNumber ?? current.destinationNumber;
        const destinationNumber = body.destinationType !== undefined || body.destinationNumber !== undefined ? await assertDestination(tx, type, destination) : undefined;
        const didNumber = body.didNumber === undefined ? undefined : await ownNumber(tx, body.didNumber, 'didNumber');
        const row = await repo.updateRoute(tx, id, { ...body, ...(didNumber ? { didNumber } : {}), ...(destinationNumber ? { destinationNumber } : {}) });
        await this.changed(tx, actor, 'INBOUND_ROUTE_UPDATED', id, { didNumber: row.didNumber, changed: Object.keys(body) });
        return repo.toRoute(row);
      }),
    );
  }

  /** Soft delete; the DID stays taken (unique keys count deleted rows). */
  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const row = await repo.findRoute(tx, id);
      if (!row) throw notFound('inboundRoute');
      await repo.softDeleteRoute(tx, id);
      await this.changed(tx, actor, 'INBOUND_ROUTE_DELETED', id, { didNumber: row.didNumber });
    });
  }

  /**
   * The unique index (the number without its '+', every tenant, deleted routes too) is the one
   * check: row-level security hides other tenants' routes, but not from the index.
   */
  private async uniqueDid<T>(did: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'inbound_routes_did_key')) throw didConflict(did);
      throw error;
    }
  }

  private async changed(tx: Tx, actor: TenantActor, action: AuditAction, id: string, details: Record<string, unknown>): Promise<void> {
    await markSwitchConfigChanged(tx, actor.tenantId, 'public');
    await recordAudit(tx, actor, { action, targetType: 'inbound_route', targetId: id, details });
  }
}

/** The destination as stored (an IVR menu by its id, whichever way it was named), or a 400. */
async function assertDestination(tx: Tx, type: InboundDestinationType, value: string): Promise<string> {
  const stored = type === 'IVR' ? await repo.liveMenuId(tx, value) : (await repo.destinationExists(tx, type, value)) ? value : null;
  if (stored !== null) return stored;
  throw badRequest(E.INVALID_DESTINATION, `For ${type}, destinationNumber must be ${DESTINATION_MEANING[type]}`, [
    { path: 'destinationNumber', message: `must be ${DESTINATION_MEANING[type]}` },
  ], { type });
}
