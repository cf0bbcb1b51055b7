// The tenant of a switch event: the svc_tenant_id variable when the switch carries it (dialer legs,
// directory users), otherwise found from the SIP domain, which is unique per tenant.
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';

/** An active tenant as the switch knows it: its code (names, contexts) and its SIP domain. */
export interface TenantRef {
  id: string;
  code: string;
  domain: string;
}

const tenantsQuery = (tx: Tx) => tx.selectFrom('tenants').select(['id', 'code', 'telephonyDomain as domain']);
const activeTenantsQuery = (tx: Tx) => tenantsQuery(tx).where('status', '=', 'ACTIVE');

/** A tenant as the config sync sees it: an active one is written, any other removed from the switch. */
export interface SwitchTenant extends TenantRef {
  active: boolean;
}

/** Every tenant, active or not: the config sync writes the active ones and clears the others; the reconciliation checks all. */
export async function switchTenants(db: DatabaseHandles): Promise<SwitchTenant[]> {
  const rows = await db.withPlatform((tx) => tx.selectFrom('tenants').select(['id', 'code', 'telephonyDomain as domain', 'status']).execute());
  return rows.map(({ status, ...tenant }) => ({ ...tenant, active: status === 'ACTIVE' }));
}

export class TenantResolver {
  constructor(private readonly db: DatabaseHandles) {}

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

  private find(by: 'id' | 'domain', value: string, anyStatus = false): Promise<TenantRef | null> {
    if (by === 'id' && !/^[0-9a-f-]{36}$/i.test(value)) return Promise.resolve(null);
    return this.db.withPlatform(async (tx) => {
      const query = anyStatus ? tenantsQuery(tx) : activeTenantsQuery(tx);
      const row = await (by === 'id' ? query.where('id', '=', value) : query.where('telephonyDomain', '=', value)).executeTakeFirst();
      return row ?? null;
    });
  }
}
