// The token's own tenant row, under its row-level security (the only tenants row it can see).
import type { Updateable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { TenantsTable } from '../../platform/db/schema.ts';

export const SETTINGS_COLUMNS = ['id', 'code', 'name', 'status', 'planId', 'telephonyDomain', 'timezone', 'locale'] as const;

export interface SettingsChange {
  name?: string;
  timezone?: string;
  locale?: string;
}

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
function toColumns(change: SettingsChange): Updateable<TenantsTable> {
  const columns: Updateable<TenantsTable> = {};
  if (change.name !== undefined) columns.name = change.name;
  if (change.timezone !== undefined) columns.timezone = change.timezone;
  if (change.locale !== undefined) columns.locale = change.locale;
  return columns;
}

export const findSettings = (tx: Tx) => tx.selectFrom('tenants').select(SETTINGS_COLUMNS).executeTakeFirst();

export const updateSettings = (tx: Tx, change: SettingsChange) =>
  tx.updateTable('tenants').set(toColumns(change)).returning(SETTINGS_COLUMNS).executeTakeFirst();
