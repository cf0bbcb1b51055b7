// Marks configuration the switch must be told about, in the same transaction as the change.
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { SwitchConfigKind } from '../db/schema.ts';

/** Every kind of switch configuration a tenant has. */
export const SWITCH_CONFIG_KINDS: readonly SwitchConfigKind[] = ['directory', 'dialplan', 'public', 'gateways', 'callcenter'];

export async function markSwitchConfigChanged(tx: Tx, tenantId: string, ...kinds: SwitchConfigKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await tx
    .insertInto('switchConfigChanges')
    .values(kinds.map((kind) => ({ tenantId, kind })))
    .onConflict((oc) => oc.columns(['tenantId', 'kind']).doUpdateSet({ changedAt: sql`now()` }))
    .execute();
}
