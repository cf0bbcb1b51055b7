// Which message an abandoned customer hears (decision 0052): the campaign's own when it has one the
// switch can read, else the configured default. An abandon is rare, so this is one small read at
// release time rather than a column carried through every tick.
import { access } from 'node:fs/promises';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { abandonSoundPath, isPlainSwitchPath } from '../../platform/switch/naming.ts';

export type CampaignSound =
  | { kind: 'OWN'; path: string }
  /** The campaign has no message of its own. */
  | { kind: 'NONE' }
  /** FREESWITCH_CONF_DIR has characters the command line would change (parseConfig refuses those since decision 0055): the default plays. */
  | { kind: 'UNPLAYABLE_PATH'; path: string }
  /** Uploaded, not copied to the switch's folder yet (the config sync's next pass does): the default plays. */
  | { kind: 'NOT_ON_SWITCH'; path: string };

export async function campaignAbandonSound(db: DatabaseHandles, confDir: string, tenantId: string, campaignId: string): Promise<CampaignSound> {
  const row = await db.withTenant(tenantId, (tx) =>
    tx
      .selectFrom('campaigns as c')
      .innerJoin('tenants as t', 't.id', 'c.tenantId')
      .select(['t.code', 'c.abandonMessageObjectKey'])
      .where('c.id', '=', campaignId)
      .where('c.deletedAt', 'is', null)
      .executeTakeFirst(),
  );
  if (!row?.abandonMessageObjectKey) return { kind: 'NONE' };
  const path = abandonSoundPath(confDir, row.code, campaignId);
  if (!isPlainSwitchPath(path)) return { kind: 'UNPLAYABLE_PATH', path };
  // The platform writes the switch's folder at the path the switch reads it (docs/freeswitch.md).
  const present = await access(path).then(
    () => true,
    () => false,
  );
  return present ? { kind: 'OWN', path } : { kind: 'NOT_ON_SWITCH', path };
}
