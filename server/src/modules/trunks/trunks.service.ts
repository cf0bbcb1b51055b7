// SIP trunks (switch gateways) of a tenant. The password is sealed (AES-256-GCM) and never leaves
// the service again, not even in the create answer; the gateway writer opens it for the switch.
import { E } from '../../platform/http/error-codes.ts';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { assertQuota } from '../../platform/quotas/quotas.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import type { ModuleServices } from '../module-services.ts';
import * as repo from './trunks.repo.ts';
import type { Trunk, TrunkCreateBody } from './trunks.schema.ts';


export class TrunksService {
  constructor(private readonly services: Pick<ModuleServices, 'db' | 'secrets'>) {}

  async list(tenantId: string): Promise<Trunk[]> {
    return (await this.services.db.withTenant(tenantId, repo.listTrunks)).map(repo.toTrunk);
  }

  async get(tenantId: string, id: string): Promise<Trunk> {
    const row = await this.services.db.withTenant(tenantId, (tx) => repo.findTrunk(tx, id));
    if (!row) throw notFound('trunk');
    return repo.toTrunk(row);
  }

  async create(actor: TenantActor, body: TrunkCreateBody): Promise<Trunk> {
    // A registering gateway authenticates: without both credentials the switch would loop on 401.
    if (body.register && (!body.username || !body.password)) {
      throw badRequest(E.TRUNK_CREDENTIALS_REQUIRED, 'A registering trunk needs a username and a password', [
        { path: body.username ? 'password' : 'username', message: 'is required when register is true' },
      ]);
    }
    try {
      return await this.services.db.withTenant(actor.tenantId, async (tx) => {
        await assertQuota(tx, 'trunks');
        const row = await tx
          .insertInto('trunks')
          .values({
            tenantId: actor.tenantId,
            name: body.name,
            host: body.host,
            proxy: body.proxy ?? null,
            realm: body.realm ?? null,
            register: body.register ?? false,
            username: body.username ?? null,
            passwordSealed: body.password ? this.services.secrets.seal(body.password) : null,
            dtmfMode: body.dtmfMode ?? 'rfc2833',
            ping: body.ping ?? null,
            transport: body.transport ?? 'udp',
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await markSwitchConfigChanged(tx, actor.tenantId, 'gateways');
        await recordAudit(tx, actor, {
          action: 'TRUNK_CREATED',
          targetType: 'trunk',
          targetId: row.id,
          details: { name: row.name, host: row.host, register: row.register, hasPassword: row.passwordSealed !== null },
        });
        return repo.toTrunk(row);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'trunks_tenant_id_name_key')) throw conflict('trunkName', body.name, `A trunk named ${body.name} already exists (names are never reused)`);
      throw error;
    }
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const row = await repo.findTrunk(tx, id);
      if (!row) throw notFound('trunk');
      await repo.softDeleteTrunk(tx, id);
      await markSwitchConfigChanged(tx, actor.tenantId, 'gateways');
      await recordAudit(tx, actor, { action: 'TRUNK_DELETED', targetType: 'trunk', targetId: id, details: { name: row.name } });
    });
  }
}
