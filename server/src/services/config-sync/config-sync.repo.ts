// What the config sync reads for one tenant, in that tenant's row-level security.
import { sql } from 'kysely';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { SwitchConfigKind } from '../../platform/db/schema.ts';
import { legacyGatewayName, switchGatewayName } from '../../platform/switch/naming.ts';
import { switchTenants, type SwitchTenant } from '../event-consumer/tenant-resolver.ts';
import type { DirectoryUser, GatewayInfo, InboundRouteInfo, QueueInfo, TenantInfo } from './switch-xml.ts';

export interface PendingChange {
  tenantId: string;
  kind: SwitchConfigKind;
  /** PostgreSQL's own text of the timestamp: a JS Date would drop the microseconds. */
  changedAt: string;
}

export class ConfigSyncRepo {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly secrets: SecretBox,
  ) {}

  pending(): Promise<PendingChange[]> {
    return this.db.withPlatform((tx) =>
      tx.selectFrom('switchConfigChanges').select(['tenantId', 'kind', sql<string>`changed_at::text`.as('changedAt')]).execute(),
    );
  }

  /** Clears only what was written: a change made meanwhile (later changed_at) stays pending. */
  async clear(change: PendingChange): Promise<void> {
    await this.db.withPlatform((tx) =>
      tx
        .deleteFrom('switchConfigChanges')
        .where('tenantId', '=', change.tenantId)
        .where('kind', '=', change.kind)
        .where('changedAt', '<=', sql<Date>`${change.changedAt}::timestamptz`)
        .execute(),
    );
  }

  tenants(): Promise<SwitchTenant[]> {
    return switchTenants(this.db);
  }

  async directoryUsers(tenantId: string): Promise<DirectoryUser[]> {
    const rows = await this.db.withTenant(tenantId, (tx) =>
      tx
        .selectFrom('extensions')
        .select(['id', 'number', 'sipPasswordSealed', 'callerId', 'context', 'callGroup', 'maxRegistrations', 'codecs'])
        .where('deletedAt', 'is', null)
        .orderBy('number')
        .execute(),
    );
    return rows.map(({ sipPasswordSealed, ...row }) => ({ ...row, password: this.secrets.open(sipPasswordSealed) }));
  }

  /** The ACTIVE version of each context, and every context the tenant ever had (its files to prune). */
  async dialplans(tenantId: string): Promise<{ active: { context: string; xml: string }[]; contexts: string[] }> {
    return this.db.withTenant(tenantId, async (tx) => ({
      active: await tx.selectFrom('dialplanVersions').select(['context', 'xml']).where('status', '=', 'ACTIVE').execute(),
      contexts: (await tx.selectFrom('dialplanVersions').select('context').distinct().execute()).map((row) => row.context),
    }));
  }

  prompts(tenantId: string): Promise<{ id: string; promptObjectKey: string }[]> {
    return this.db.withTenant(tenantId, async (tx) =>
      (
        await tx.selectFrom('ivrMenus').select(['id', 'promptObjectKey']).where('deletedAt', 'is', null).where('promptObjectKey', 'is not', null).execute()
      ).map((row) => ({ id: row.id, promptObjectKey: row.promptObjectKey! })),
    );
  }

  /** The live campaigns' own abandon messages (decision 0052). */
  abandonMessages(tenantId: string): Promise<{ id: string; objectKey: string }[]> {
    return this.db.withTenant(tenantId, async (tx) =>
      (
        await tx
          .selectFrom('campaigns')
          .select(['id', 'abandonMessageObjectKey'])
          .where('deletedAt', 'is', null)
          .where('abandonMessageObjectKey', 'is not', null)
          .execute()
      ).map((row) => ({ id: row.id, objectKey: row.abandonMessageObjectKey! })),
    );
  }

  async inboundRoutes(tenantId: string): Promise<{ routes: InboundRouteInfo[]; callGroups: Map<string, string[]> }> {
    return this.db.withTenant(tenantId, async (tx) => {
      // An IVR route names its menu by id (decision 0074); the switch transfers to the menu's context.
      const routes = await tx
        .selectFrom('inboundRoutes as r')
        .leftJoin('ivrMenus as m', (join) => join.on(sql<boolean>`r.destination_type = 'IVR' AND m.id::text = r.destination_number`))
        .select(['r.didNumber', 'r.destinationType', sql<string>`coalesce(m.context, r.destination_number)`.as('destinationNumber')])
        .where('r.deletedAt', 'is', null)
        .orderBy('r.didNumber')
        .execute();
      const members = await tx
        .selectFrom('extensions')
        .select(['number', 'callGroup'])
        .where('deletedAt', 'is', null)
        .where('callGroup', 'is not', null)
        .orderBy('number')
        .execute();
      const callGroups = new Map<string, string[]>();
      for (const member of members) callGroups.set(member.callGroup!, [...(callGroups.get(member.callGroup!) ?? []), member.number]);
      return { routes, callGroups };
    });
  }

  /**
   * The live trunks as gateways, and every gateway name the tenant may have on the switch: each of
   * its trunks (deleted ones too) by id, and by the name an older version gave it.
   */
  async gateways(tenant: TenantInfo): Promise<{ live: GatewayInfo[]; owned: string[] }> {
    const rows = await this.db.withTenant(tenant.id, (tx) => tx.selectFrom('trunks').selectAll().execute());
    const live = rows
      .filter((row) => row.deletedAt === null)
      .map((row) => ({
        name: switchGatewayName(row.id),
        host: row.host,
        proxy: row.proxy,
        realm: row.realm,
        register: row.register,
        username: row.username,
        password: row.passwordSealed ? this.secrets.open(row.passwordSealed) : null,
        dtmfMode: row.dtmfMode,
        ping: row.ping,
        transport: row.transport,
        fromUser: row.fromUser,
        fromDomain: row.fromDomain,
        registerProxy: row.registerProxy,
        outboundProxy: row.outboundProxy,
        expireSeconds: row.expireSeconds,
        callerIdInFrom: row.callerIdInFrom,
      }));
    const owned = rows.flatMap((row) => [switchGatewayName(row.id), legacyGatewayName(tenant.code, row.name)].filter((name) => name !== null));
    return { live, owned };
  }

  /** The live queues, and the ids of deleted ones (their files may still be on the switch's side). */
  async queues(tenantId: string): Promise<{ live: QueueInfo[]; deletedIds: string[] }> {
    const rows = await this.db.withTenant(tenantId, (tx) => tx.selectFrom('queues').selectAll().execute());
    return { live: rows.filter((row) => row.deletedAt === null), deletedIds: rows.filter((row) => row.deletedAt !== null).map((row) => row.id) };
  }

  /** Agents and tiers to re-push after a switch (re)connects. */
  async callCenterMembers(tenantId: string) {
    return this.db.withTenant(tenantId, async (tx) => ({
      agents: await tx
        .selectFrom('agents as a')
        .innerJoin('extensions as e', 'e.id', 'a.extensionId')
        .select(['a.id', 'a.state', 'e.number', 'a.wrapUpSeconds', 'a.maxNoAnswer', 'a.rejectDelaySeconds', 'a.busyDelaySeconds', 'a.noAnswerDelaySeconds'])
        .where('a.deletedAt', 'is', null)
        .execute(),
      tiers: await liveTiers(tx),
    }));
  }

  /** The tenant's tiers of live agents in live queues. */
  async callCenterTiers(tenantId: string) {
    return this.db.withTenant(tenantId, liveTiers);
  }
}

const liveTiers = (tx: Tx) =>
  tx
    .selectFrom('queueTiers as t')
    .innerJoin('agents as a', 'a.id', 't.agentId')
    .innerJoin('queues as q', 'q.id', 't.queueId')
    .select(['t.queueId', 't.agentId', 't.level', 't.position'])
    .where('a.deletedAt', 'is', null)
    .where('q.deletedAt', 'is', null)
    .execute();
