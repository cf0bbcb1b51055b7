// The tenant of a switch event: the svc_tenant_id variable when the switch carries it (dialer legs,
// directory users), otherwise found from what the switch names after a tenant (its contexts, its SIP
// domain, its DIDs, its queues, agents and gateways), else an unambiguous fan-out over the active
// tenants. Nothing is ever attributed by a guess: no match is null.
import { didFromDestination } from '@callcenter/rules/phone';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { parseAgentName, parseQueueName } from '../../platform/switch/naming.ts';
import { trunkOfLeg, PUBLIC_CONTEXT } from './call-direction.ts';
import { uuidOrNull, variable } from './call-correlation.ts';

/** An active tenant as the switch knows it: its code (names, contexts) and its SIP domain. */
export interface TenantRef {
  id: string;
  code: string;
  domain: string;
}

// Every read here is one statement: readAsPlatform runs it in one round trip (no BEGIN/COMMIT).
const tenantsQuery = (tx: Kysely<Database>) => tx.selectFrom('tenants').select(['id', 'code', 'telephonyDomain as domain']);
const activeTenantsQuery = (tx: Kysely<Database>) => tenantsQuery(tx).where('status', '=', 'ACTIVE');

/** A tenant as the config sync sees it: an active one is written, any other removed from the switch. */
export interface SwitchTenant extends TenantRef {
  active: boolean;
}

/** Every tenant, active or not: the config sync writes the active ones and clears the others; the reconciliation checks all. */
export async function switchTenants(db: DatabaseHandles): Promise<SwitchTenant[]> {
  const rows = await db.withPlatform((tx) => tx.selectFrom('tenants').select(['id', 'code', 'telephonyDomain as domain', 'status']).execute());
  return rows.map(({ status, ...tenant }) => ({ ...tenant, active: status === 'ACTIVE' }));
}

/** How a channel's tenant was found (logs and tests). */
export type TenantSource = 'svc_tenant_id' | 'context' | 'domain' | 'did' | 'queue' | 'agent' | 'trunk' | 'fan-out';


/** The tenant code of a tenant-namespaced context (`<code>_<name>`; codes have no '_'), or null. */
export function tenantCodeOfContext(context: string | undefined): string | null {
  if (!context) return null;
  const cut = context.indexOf('_');
  return cut > 0 ? context.slice(0, cut) : null;
}

export class TenantResolver {
  /** Events that matched no tenant and were dropped, by what they were (read by tests and metrics). */
  readonly unattributed = new Map<string, number>();

  constructor(private readonly db: DatabaseHandles) {}

  /** Counts an event dropped for want of a tenant. */
  countUnattributed(kind: string): void {
    this.unattributed.set(kind, (this.unattributed.get(kind) ?? 0) + 1);
  }

  get unattributedTotal(): number {
    let total = 0;
    for (const count of this.unattributed.values()) total += count;
    return total;
  }

  /**
   * The active tenant a channel belongs to, for a call the platform has not seen yet; the first
   * signal that names a tenant decides (see docs/calls.md, "Tenant").
   */
  async forChannel(headers: Record<string, string>): Promise<{ tenant: TenantRef; source: TenantSource } | null> {
    const found = (source: TenantSource) => (tenant: TenantRef | null) => (tenant ? { tenant, source } : null);
    const id = variable(headers, 'svc_tenant_id');
    if (id) return found('svc_tenant_id')(await this.find('id', id));
    for (const context of [headers['Caller-Context'], headers.variable_user_context]) {
      const code = tenantCodeOfContext(context);
      const tenant = code ? await this.find('code', code) : null;
      if (tenant) return found('context')(tenant);
    }
    for (const name of ['variable_domain_name', 'variable_dialed_domain', 'variable_sip_auth_realm', 'variable_sip_to_host', 'variable_sip_req_host']) {
      const domain = headers[name];
      const tenant = domain ? await this.find('domain', domain.toLowerCase()) : null;
      if (tenant) return found('domain')(tenant);
    }
    const destination = headers['Caller-Destination-Number'];
    if (headers['Caller-Context'] === PUBLIC_CONTEXT && destination) {
      const tenant = await this.byDid(destination);
      if (tenant) return found('did')(tenant);
    }
    const queueId = parseQueueName(headers['CC-Queue'] ?? headers.variable_cc_queue ?? '');
    if (queueId) return found('queue')(await this.ofQueue(queueId));
    const agentId = parseAgentName(headers['CC-Agent'] ?? headers.variable_cc_agent);
    if (agentId) return found('agent')(await this.ofAgent(agentId));
    const trunkId = trunkOfLeg(headers);
    if (trunkId) return found('trunk')(await this.ofTrunk(trunkId));
    return found('fan-out')(await this.fanOut(headers));
  }

  /**
   * The spec's fan-out over active tenants, kept to what cannot be ambiguous: the one active
   * tenant whose DID is the dialed number (DIDs are unique), else the one active tenant with an
   * extension of that number; two or more tenants (same extension numbers) is no tenant.
   */
  async fanOut(headers: Record<string, string>): Promise<TenantRef | null> {
    const dialed = headers['Caller-Destination-Number'] ?? headers.variable_dialed_user;
    if (!dialed) return null;
    const byDid = await this.byDid(dialed);
    if (byDid) return byDid;
    const rows = await this.db.readAsPlatform((tx) =>
      activeTenantsQuery(tx)
        .where((eb) => eb.exists(eb.selectFrom('extensions as e').select('e.id').whereRef('e.tenantId', '=', 'tenants.id').where('e.number', '=', dialed).where('e.deletedAt', 'is', null)))
        .limit(2)
        .execute(),
    );
    return rows.length === 1 ? rows[0]! : null;
  }

  /**
   * The active tenant that holds a DID, in any form a carrier sends it (+55…, 55…, national, 0 +
   * national): the inventory says who holds a number, routed or not, so a call to a number without
   * a route is still recorded for its tenant (with the switch's NO_ROUTE_DESTINATION). Routes
   * stored before the inventory (a spelling it could not read) are still looked up as written.
   */
  byDid(did: string): Promise<TenantRef | null> {
    const digits = did.replace(/^\+/, '');
    if (!/^\d{3,20}$/.test(digits)) return Promise.resolve(null);
    const e164 = didFromDestination(did);
    return this.db.readAsPlatform(async (tx) =>
      (await activeTenantsQuery(tx)
        .where((eb) =>
          eb.or([
            ...(e164 ? [eb.exists(eb.selectFrom('phoneNumbers as n').select('n.id').whereRef('n.tenantId', '=', 'tenants.id').where('n.number', '=', e164))] : []),
            eb.exists(
              eb
                .selectFrom('inboundRoutes as r')
                .select('r.id')
                .whereRef('r.tenantId', '=', 'tenants.id')
                .where(sql<string>`ltrim(r.did_number, '+')`, '=', digits)
                .where('r.deletedAt', 'is', null),
            ),
          ]),
        )
        .executeTakeFirst()) ?? null,
    );
  }

  /** The active tenant of a queue (named q-<id> on the switch). */
  ofQueue(queueId: string, options: { anyStatus?: boolean } = {}): Promise<TenantRef | null> {
    return this.ownerOf('queues', queueId, options.anyStatus);
  }

  /** The active tenant of an agent (named a-<id> on the switch). */
  ofAgent(agentId: string, options: { anyStatus?: boolean } = {}): Promise<TenantRef | null> {
    return this.ownerOf('agents', agentId, options.anyStatus);
  }

  /** The active tenant of a trunk (its gateway is gw-<id>). */
  ofTrunk(trunkId: string): Promise<TenantRef | null> {
    return this.ownerOf('trunks', trunkId);
  }

  // Ids never move between tenants, but a tenant's status does: the owner and its status are read
  // together every time, so a suspension takes effect on the next event (nothing is cached).
  private ownerOf(table: 'queues' | 'agents' | 'trunks', id: string, anyStatus = false): Promise<TenantRef | null> {
    const valid = uuidOrNull(id);
    if (!valid) return Promise.resolve(null);
    return this.db.readAsPlatform(async (tx) => {
      const query = anyStatus ? tenantsQuery(tx) : activeTenantsQuery(tx);
      const row = await query
        .where((eb) => eb.exists(eb.selectFrom(`${table} as o` as 'queues as o').select('o.id').whereRef('o.tenantId', '=', 'tenants.id').where('o.id', '=', valid)))
        .executeTakeFirst();
      return row ?? null;
    });
  }

  /** `anyStatus`: a suspended tenant too (what ends on the switch still ends in the platform). */
  async byEvent(headers: Record<string, string>, domainHeaders: string[], options: { anyStatus?: boolean } = {}): Promise<TenantRef | null> {
    const id = headers.svc_tenant_id ?? headers.variable_svc_tenant_id;
    if (id) return this.find('id', id, options.anyStatus);
    for (const name of domainHeaders) {
      const domain = headers[name];
      if (domain) {
        const tenant = await this.find('domain', domain.toLowerCase(), options.anyStatus);
        if (tenant) return tenant;
      }
    }
    return null;
  }

  private find(by: 'id' | 'domain' | 'code', value: string, anyStatus = false): Promise<TenantRef | null> {
    if (by === 'id' && !/^[0-9a-f-]{36}$/i.test(value)) return Promise.resolve(null);
    return this.db.readAsPlatform(async (tx) => {
      const query = anyStatus ? tenantsQuery(tx) : activeTenantsQuery(tx);
      const column = by === 'id' ? 'id' : by === 'domain' ? 'telephonyDomain' : 'code';
      const row = await query.where(column, '=', value).executeTakeFirst();
      return row ?? null;
    });
  }
}
