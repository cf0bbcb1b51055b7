// The tenant of a switch event: the svc_tenant_id variable when the switch carries it (dialer legs,
// directory users), otherwise found from the SIP domain, which is unique per tenant.
import type { DatabaseHandles } from '../../platform/db/database.ts';

export interface TenantRef {
  id: string;
  code: string;
  domain: string;
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
      const query = tx.selectFrom('tenants').select(['id', 'code', 'telephonyDomain as domain']).where('status', '=', 'ACTIVE');
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
