// Which message an abandoned customer hears (decision 0052): the campaign's own when it has one the
// switch can read, else the configured default. An abandon is rare, so this is one small read at
// release time rather than a column carried through every tick.
import { constants } from 'node:fs';
import { access, copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
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

/** The languages the platform ships a default abandon message in (decision 0068). */
export type DefaultAbandonLanguage = 'pt-BR' | 'en';

/** The tenant's language decides: Portuguese for any `pt` locale, English for every other. */
export function defaultAbandonLanguage(locale: string | null | undefined): DefaultAbandonLanguage {
  return /^pt(-|$)/i.test(locale ?? '') ? 'pt-BR' : 'en';
}

/** Shipped with the platform: 8 kHz mono 16-bit PCM, as the switch plays. */
export const DEFAULT_ABANDON_ASSETS: Record<DefaultAbandonLanguage, string> = {
  'pt-BR': fileURLToPath(new URL('../../../assets/sounds/abandon-pt-BR.wav', import.meta.url)),
  en: fileURLToPath(new URL('../../../assets/sounds/abandon-en.wav', import.meta.url)),
};

/** Where the switch reads a default: a folder no tenant code can name (codes have no `_`). */
export const defaultAbandonSoundPath = (confDir: string, language: DefaultAbandonLanguage): string =>
  `${confDir}/sounds/_platform/abandon-${language}.wav`;

/**
 * The default message in `language` as an absolute path the switch can play, copied into the
 * switch's folder the first time it is needed; null when the path cannot travel the command line.
 */
export async function defaultAbandonSound(
  confDir: string,
  language: DefaultAbandonLanguage,
): Promise<string | null> {
  const path = defaultAbandonSoundPath(confDir, language);
  if (!isPlainSwitchPath(path)) return null;
  await mkdir(`${confDir}/sounds/_platform`, { recursive: true });
  // EXCL: another dialer process may copy it at the same moment; either copy is the same file.
  await copyFile(DEFAULT_ABANDON_ASSETS[language], path, constants.COPYFILE_EXCL).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return path;
}

/** The tenant's language, for the default message. */
export async function tenantLocale(db: DatabaseHandles, tenantId: string): Promise<string | null> {
  const row = await db.withTenant(tenantId, (tx) =>
    tx.selectFrom('tenants').select('locale').where('id', '=', tenantId).executeTakeFirst(),
  );
  return row?.locale ?? null;
}

export async function campaignAbandonSound(
  db: DatabaseHandles,
  confDir: string,
  tenantId: string,
  campaignId: string,
): Promise<CampaignSound> {
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
