// The token's own tenant row, under its row-level security (the only tenants row it can see).
import type { ServiceLevelFormula } from '@callcenter/rules/reports/metrics';
import type { Tx } from '../../platform/db/database.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export const SETTINGS_COLUMNS = ['id', 'code', 'name', 'status', 'planId', 'telephonyDomain', 'timezone', 'locale', 'shortCallThreshold', 'serviceLevelFormula'] as const;

export interface SettingsChange {
  name?: string;
  timezone?: string;
  locale?: string;
  shortCallThreshold?: number;
  serviceLevelFormula?: ServiceLevelFormula;
}

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
const toColumns = (change: SettingsChange) => namedColumns(change, ['name', 'timezone', 'locale', 'shortCallThreshold', 'serviceLevelFormula']);

/** The tenant's settings with its plan's name (plans are a shared catalog every tenant may read). */
export const findSettings = (tx: Tx) =>
  tx
    .selectFrom('tenants')
    .innerJoin('plans', 'plans.id', 'tenants.planId')
    .select(SETTINGS_COLUMNS.map((column) => `tenants.${column}` as const))
    .select('plans.name as planName')
    .executeTakeFirst();

/** Writes the change, then reads the settings back (with the plan's name); undefined when no row. */
export const updateSettings = async (tx: Tx, change: SettingsChange) => {
  const updated = await tx.updateTable('tenants').set(toColumns(change)).returning('id').executeTakeFirst();
  return updated ? findSettings(tx) : undefined;
};
