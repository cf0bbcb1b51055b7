// The dialer's housekeeping besides orphans (dialer.service.ts maintain, at start and every 60 s):
// the tenants' short-call shares the pacing reads, and old samples pruned.
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { ANATEL_SHORT_CALL_SECONDS, assessShortCalls, DEFAULT_SHORT_CALL_SETTINGS, type ShortCallAssessment } from '../../modules/dialer/short-call-guard.ts';
import * as repo from './dialer.repo.ts';

/** Samples kept for the console's charts and the campaign report's dial level, rebuilt from them (docs/reports.md). */
const SAMPLE_RETENTION_MS = 400 * 24 * 3600_000;

/** Each tenant's short calls today against its threshold (the short-call guard). */
export async function shortCallAssessments(db: DatabaseHandles, tenantIds: string[]): Promise<Map<string, ShortCallAssessment>> {
  const counts = await repo.shortCallsToday(db, tenantIds, ANATEL_SHORT_CALL_SECONDS);
  const thresholds = await repo.shortCallThresholds(db, tenantIds);
  const next = new Map<string, ShortCallAssessment>();
  for (const [tenantId, { calls, short }] of counts) {
    next.set(tenantId, assessShortCalls({ shortCallsToday: short, callsToday: calls }, { ...DEFAULT_SHORT_CALL_SETTINGS, threshold: thresholds.get(tenantId) ?? DEFAULT_SHORT_CALL_SETTINGS.threshold }));
  }
  return next;
}

/** Drops the samples older than they are kept. */
export async function pruneOldSamples(db: DatabaseHandles): Promise<void> {
  await repo.pruneSamples(db, new Date(Date.now() - SAMPLE_RETENTION_MS));
}
