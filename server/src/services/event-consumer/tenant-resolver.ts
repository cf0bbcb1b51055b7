// The tenant of a switch event: the svc_tenant_id variable when the switch carries it (dialer legs,
// directory users), otherwise found from the SIP domain, which is unique per tenant.
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';

/** An active tenant as the switch knows it: its code (names, contexts) and its SIP domain. */
export interface TenantRef {
  id: string;
  code: string;
  domain: string;
}

const activeTenantsQuery = (tx: Tx) => tx.selectFrom('tenants').select(['id', 'code', 'telephonyDomain as domain']).where('status', '=', 'ACTIVE');

/** Every active tenant (the config sync writes theirs, the reconciliation checks theirs). */
export function activeTenants(db: DatabaseHandles): Promise<TenantRef[]> {
  return db.withPlatform((tx) => activeTenantsQuery(tx).execute());
}

export class TenantResolver {
  constructor(private readonly db: DatabaseHandles) {}

  async byEvent(headers: Record<string, string>, domainHeaders: string[]): Promise<TenantRef | null> {
    const id = headers.svc_tenant_id ?? headers.variable_svc_tenant_id;
    if (id) return this.find('id', id);
    for (const name of domainHeaders) {
      const domain = headers[name];
      if (domain) {
        const tenant = await this.find('domain', domain.toLowerCase());
        if (tenant) return tenant;
      }
    }
    return null;
  }

  async byCode(code: string): Promise<TenantRef | null> {
    return this.find('code', code.toLowerCase());
  }

  private find(by: 'id' | 'domain' | 'code', value: string): Promise<TenantRef | null> {
    if (by === 'id' && !/^[0-9a-f-]{36}$/i.test(value)) return Promise.resolve(null);
    return this.db.withPlatform(async (tx) => {
      const query = activeTenantsQuery(tx);
      const row = await (by === 'id'
        ? query.where('id', '=', value)
        : by === 'code'
          ? query.where('code', '=', value)
          : query.where('telephonyDomain', '=', value)
      ).executeTakeFirst();
      return row ?? null;
    });
  }
}
