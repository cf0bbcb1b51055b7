// SIP trunks (switch gateways) of a tenant. The password is sealed (AES-256-GCM) and never leaves
// the service again, not even in the create answer; the gateway writer opens it for the switch.
import type { Selectable } from 'kysely';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { namedColumns } from '../../platform/db/columns.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import type { TrunksTable } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { assertQuota } from '../../platform/quotas/quotas.ts';
import { hostAllowed, type HostPort } from '../../platform/net/private-hosts.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import type { ModuleServices } from '../module-services.ts';
import * as repo from './trunks.repo.ts';
import { DIALER_ONLY_FIELDS, TRUNK_COLUMNS, type Trunk, type TrunkCreateBody, type TrunkPatchBody } from './trunks.schema.ts';
import { assertNotUsedByCampaigns } from '../campaigns/campaigns.service.ts';

const nameTaken = (name: string) => conflict('trunkName', name, `A trunk named ${name} already exists (names are never reused, whatever their case)`);

/** A registering gateway authenticates: without both credentials the switch would loop on 401 (sofia skips it). */
function assertCredentials(register: boolean, username: string | null, hasPassword: boolean): void {
  if (register && (!username || !hasPassword)) {
    throw badRequest(E.TRUNK_CREDENTIALS_REQUIRED, 'A registering trunk needs a username and a password', [
      { path: username ? 'password' : 'username', message: 'is required when register is true' },
    ]);
  }
}

/** The fields sofia sends SIP to; fromDomain is only a header's text. */
const TARGET_FIELDS = ['host', 'proxy', 'realm', 'registerProxy', 'outboundProxy'] as const;
const sipPort = (transport: string) => (transport === 'tls' ? 5061 : 5060);

/** A tenant may not aim the switch at the operator's own network unless the operator listed the host. */
function assertPublicTargets(values: Partial<Record<(typeof TARGET_FIELDS)[number], string | null>>, transport: string, allowed: readonly HostPort[]): void {
  const refused = TARGET_FIELDS.filter((field) => {
    const value = values[field];
    return typeof value === 'string' && !hostAllowed(value, allowed, sipPort(transport));
  });
  if (refused.length > 0) {
    throw badRequest(
      E.TRUNK_HOST_PRIVATE,
      'A trunk may not point at a loopback, link-local or private address unless the operator allows it (TRUNK_PRIVATE_HOSTS)',
      refused.map((path) => ({ path, message: 'is a loopback, link-local or private host' })),
    );
  }
}

export class TrunksService {
  constructor(private readonly services: Pick<ModuleServices, 'db' | 'secrets' | 'trunkPrivateHosts'>) {}

  async list(tenantId: string): Promise<Trunk[]> {
    return (await this.services.db.withTenant(tenantId, repo.listTrunks)).map(repo.toTrunk);
  }

  async get(tenantId: string, id: string): Promise<Trunk> {
    const row = await this.services.db.withTenant(tenantId, (tx) => repo.findTrunk(tx, id));
    if (!row) throw notFound('trunk');
    return repo.toTrunk(row);
  }

  async create(actor: TenantActor, body: TrunkCreateBody): Promise<Trunk> {
    assertCredentials(body.register ?? false, body.username ?? null, Boolean(body.password));
    assertPublicTargets(body, body.transport ?? 'udp', this.services.trunkPrivateHosts);
    const name = body.name.trim();
    try {
      return await this.services.db.withTenant(actor.tenantId, async (tx) => {
        await assertQuota(tx, 'trunks');
        const row = await repo.insertTrunk(tx, {
          ...namedColumns(body, TRUNK_COLUMNS),
          tenantId: actor.tenantId,
          name,
          host: body.host,
          passwordSealed: body.password ? this.services.secrets.seal(body.password) : null,
        });
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
      if (isUniqueViolation(error, repo.TRUNK_NAME_KEY)) throw nameTaken(name);
      throw error;
    }
  }

  /**
   * Fixes a trunk's settings or password in place: the gateway keeps its name (its id) and the
   * config sync rewrites its file and restarts it on the switch. The password is write-only: a new
   * one replaces the stored one, null removes it, leaving it out keeps it; it is never echoed.
   */
  async update(actor: TenantActor, id: string, body: TrunkPatchBody): Promise<Trunk> {
    const name = body.name?.trim();
    try {
      return await this.services.db.withTenant(actor.tenantId, async (tx) => {
        const current = await repo.findTrunk(tx, id);
        if (!current) throw notFound('trunk');
        const columns: Partial<Selectable<TrunksTable>> = { ...namedColumns(body, TRUNK_COLUMNS) };
        if (name !== undefined) columns.name = name;
        if (body.password !== undefined) columns.passwordSealed = body.password === null ? null : this.services.secrets.seal(body.password);
        const passwordSealed = columns.passwordSealed === undefined ? current.passwordSealed : columns.passwordSealed;
        // Only the targets this change writes: a trunk made before the rule stays editable.
        assertPublicTargets(body, body.transport ?? current.transport, this.services.trunkPrivateHosts);
        assertCredentials(columns.register ?? current.register, columns.username === undefined ? current.username : columns.username, passwordSealed !== null);
        const row = await repo.updateTrunk(tx, id, columns);
        // A CPS change is the dialer's alone: rewriting the gateway would restart it on the switch for nothing.
        if (Object.keys(body).some((key) => !DIALER_ONLY_FIELDS.has(key))) await markSwitchConfigChanged(tx, actor.tenantId, 'gateways');
        const changed = Object.keys(body).filter((key) => key !== 'password');
        await recordAudit(tx, actor, {
          action: 'TRUNK_UPDATED',
          targetType: 'trunk',
          targetId: id,
          details: { name: row.name, changed, ...(body.password !== undefined ? { password: body.password === null ? 'removed' : 'replaced' } : {}) },
        });
        return repo.toTrunk(row);
      });
    } catch (error) {
      if (isUniqueViolation(error, repo.TRUNK_NAME_KEY)) throw nameTaken(name ?? '');
      throw error;
    }
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const row = await repo.findTrunk(tx, id);
      if (!row) throw notFound('trunk');
      await assertNotUsedByCampaigns(tx, 'trunkId', id);
      await repo.softDeleteTrunk(tx, id);
      await markSwitchConfigChanged(tx, actor.tenantId, 'gateways');
      await recordAudit(tx, actor, { action: 'TRUNK_DELETED', targetType: 'trunk', targetId: id, details: { name: row.name } });
    });
  }
}
