// SIP registrations → Extension.registeredAt and EXTENSION_REGISTERED / EXTENSION_UNREGISTERED;
// refused REGISTERs → Extension.lastRegistrationFailureAt/Ip and EXTENSION_REGISTRATION_FAILED.
import type { Logger } from 'pino';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { Registration } from '../../platform/switch/introspection.ts';
import { switchTenants, type TenantResolver } from './tenant-resolver.ts';

const DOMAIN_HEADERS = ['realm', 'domain_name', 'from-host', 'to-host'];

export interface RegistrationDeps {
  db: DatabaseHandles;
  tenants: TenantResolver;
  realtime: RealtimePublisher;
  log: Pick<Logger, 'debug' | 'warn'>;
}

export function registrationHandlers(deps: RegistrationDeps) {
  const registered = async (headers: Record<string, string>) => {
    const tenant = await deps.tenants.byEvent(headers, DOMAIN_HEADERS);
    const user = headers.username ?? headers['from-user'];
    if (!tenant || !user) return deps.log.debug({ user }, 'registration for no known tenant');
    await markRegistered(deps, tenant.id, user, headers.contact ?? null);
  };
  // A suspended tenant's phones are unregistered by the switch: that must reach its extensions too.
  const unregistered = (reason: 'unregister' | 'expire') => async (headers: Record<string, string>) => {
    const tenant = await deps.tenants.byEvent(headers, DOMAIN_HEADERS, { anyStatus: true });
    const user = headers.username ?? headers['from-user'];
    if (!tenant || !user) return;
    await markUnregistered(deps, tenant.id, user, reason);
  };
  // sofia_reg_handle_register_token fires it on a 403 (wrong password, unknown user, too many
  // registrations) with to-user, to-host, network-ip, network-port, user-agent, registration-type.
  const failed = async (headers: Record<string, string>) => {
    if ((headers['registration-type'] ?? 'REGISTER') !== 'REGISTER') return;
    const tenant = await deps.tenants.byEvent(headers, ['to-host']);
    const user = headers['to-user'];
    if (!tenant || !user) return deps.log.debug({ user }, 'registration failure for no known tenant');
    await markFailed(deps, tenant.id, user, headers['network-ip'] || null);
  };
  return {
    'sofia::register': registered,
    'sofia::register_failure': failed,
    'sofia::unregister': unregistered('unregister'),
    'sofia::expire': unregistered('expire'),
  };
}

async function markRegistered(deps: RegistrationDeps, tenantId: string, number: string, contact: string | null): Promise<void> {
  const row = await deps.db.withTenant(tenantId, (tx) =>
    tx
      .updateTable('extensions')
      .set({ registeredAt: new Date(), registrationContact: contact })
      .where('number', '=', number)
      .where('deletedAt', 'is', null)
      .returning(['id', 'number', 'registeredAt'])
      .executeTakeFirst(),
  );
  if (!row) return;
  await deps.realtime.publish(tenantId, 'EXTENSION_REGISTERED', {
    extensionId: row.id,
    number: row.number,
    registeredAt: row.registeredAt?.toISOString() ?? null,
  });
}

async function markFailed(deps: RegistrationDeps, tenantId: string, number: string, networkIp: string | null): Promise<void> {
  const row = await deps.db.withTenant(tenantId, (tx) =>
    tx
      .updateTable('extensions')
      .set({ lastRegistrationFailureAt: new Date(), lastRegistrationFailureIp: networkIp })
      .where('number', '=', number)
      .where('deletedAt', 'is', null)
      .returning(['id', 'number', 'lastRegistrationFailureAt'])
      .executeTakeFirst(),
  );
  if (!row) return;
  await deps.realtime.publish(tenantId, 'EXTENSION_REGISTRATION_FAILED', {
    extensionId: row.id,
    number: row.number,
    failedAt: row.lastRegistrationFailureAt?.toISOString() ?? null,
    networkIp,
  });
}

async function markUnregistered(deps: RegistrationDeps, tenantId: string, number: string, reason: string): Promise<void> {
  const row = await deps.db.withTenant(tenantId, (tx) =>
    tx
      .updateTable('extensions')
      .set({ registeredAt: null, registrationContact: null })
      .where('number', '=', number)
      .where('registeredAt', 'is not', null)
      .returning(['id', 'number'])
      .executeTakeFirst(),
  );
  if (!row) return;
  await deps.realtime.publish(tenantId, 'EXTENSION_UNREGISTERED', { extensionId: row.id, number: row.number, reason });
}

/**
 * After a (re)connect the switch's registration table is the truth: extensions registered there
 * keep or gain registeredAt, every other one loses it, with an event for each change.
 */
export async function reconcileRegistrations(deps: RegistrationDeps, registrations: Registration[]): Promise<void> {
  const byRealm = new Map<string, Set<string>>();
  for (const registration of registrations) {
    const users = byRealm.get(registration.realm.toLowerCase()) ?? new Set<string>();
    users.add(registration.user);
    byRealm.set(registration.realm.toLowerCase(), users);
  }
  // Suspended tenants too: a switch that restarted while one was suspended sends no expire for it.
  for (const tenant of await switchTenants(deps.db)) {
    const live = byRealm.get(tenant.domain.toLowerCase()) ?? new Set<string>();
    const extensions = await deps.db.withTenant(tenant.id, (tx) =>
      tx.selectFrom('extensions').select(['number', 'registeredAt']).where('deletedAt', 'is', null).execute(),
    );
    for (const extension of extensions) {
      const isLive = live.has(extension.number);
      if (isLive && !extension.registeredAt) await markRegistered(deps, tenant.id, extension.number, null);
      if (!isLive && extension.registeredAt) await markUnregistered(deps, tenant.id, extension.number, 'reconciled');
    }
  }
}
