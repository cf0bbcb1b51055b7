// sofia::gateway_state → Trunk.status and statusUpdatedAt.
import type { Logger } from 'pino';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { TrunkStatus } from '../../platform/db/schema.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { parseGatewayName } from '../../platform/switch/naming.ts';

/**
 * Pure: mod_sofia's gateway state as a trunk status. Ping-Status is always sent but only means
 * something for a gateway that is pinged (it stays DOWN otherwise), so the caller passes it only then.
 */
export function trunkStatusOf(state: string, pingStatus?: string): TrunkStatus {
  if (pingStatus?.toUpperCase() === 'DOWN') return 'DOWN';
  switch (state.toUpperCase()) {
    case 'REGED':
    case 'NOREG':
      return 'UP';
    case 'TRYING':
    case 'REGISTER':
      return 'REGISTERING';
    case 'UNREGED':
    case 'UNREGISTER':
      return 'UNREGISTERED';
    case 'FAILED':
    case 'FAIL_WAIT':
    case 'EXPIRED':
    case 'TIMEOUT':
      return 'FAILED';
    default:
      return 'UNKNOWN';
  }
}

export function gatewayHandlers(deps: { db: DatabaseHandles; realtime: RealtimePublisher; log: Pick<Logger, 'debug'> }) {
  return {
    'sofia::gateway_state': async (headers: Record<string, string>) => {
      const gateway = headers.Gateway ?? '';
      const trunkId = parseGatewayName(gateway);
      // The gateway is named by its trunk's id: the trunk gives the tenant (an active one only).
      const owner = trunkId
        ? await deps.db.withPlatform((tx) =>
            tx
              .selectFrom('trunks as tr')
              .innerJoin('tenants as t', 't.id', 'tr.tenantId')
              .select('tr.tenantId')
              .where('tr.id', '=', trunkId)
              .where('t.status', '=', 'ACTIVE')
              .executeTakeFirst(),
          )
        : undefined;
      if (!trunkId || !owner) return deps.log.debug({ gateway }, 'gateway state for no known trunk');
      const result = await deps.db.withTenant(owner.tenantId, async (tx) => {
        const trunk = await tx.selectFrom('trunks').select(['id', 'name', 'ping']).where('id', '=', trunkId).where('deletedAt', 'is', null).executeTakeFirst();
        if (!trunk) return null;
        const status = trunkStatusOf(headers.State ?? '', trunk.ping ? headers['Ping-Status'] : undefined);
        await tx.updateTable('trunks').set({ status, statusUpdatedAt: new Date() }).where('id', '=', trunk.id).execute();
        return { id: trunk.id, name: trunk.name, status };
      });
      if (!result) return deps.log.debug({ gateway }, 'gateway state for no known trunk');
      await deps.realtime.publish(owner.tenantId, 'TRUNK_STATUS_CHANGED', { trunkId: result.id, name: result.name, status: result.status });
    },
  };
}
