// The token's own tenant row, under its row-level security (the only tenants row it can see).
import type { Tx } from '../../platform/db/database.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export const SETTINGS_COLUMNS = ['id', 'code', 'name', 'status', 'planId', 'telephonyDomain', 'timezone', 'locale'] as const;

export interface SettingsChange {
  name?: string;
  timezone?: string;
  locale?: string;
}

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
const toColumns = (change: SettingsChange) => namedColumns(change, ['name', 'timezone', 'locale']);

export const findSettings = (tx: Tx) => tx.selectFrom('tenants').select(SETTINGS_COLUMNS).executeTakeFirst();

export const updateSettings = (tx: Tx, change: SettingsChange) =>
  tx.updateTable('tenants').set(toColumns(change)).returning(SETTINGS_COLUMNS).executeTakeFirst();
