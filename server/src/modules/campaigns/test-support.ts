// Integration-test factories for the dialer's tables: rows inserted straight through the database
// handles (the dialer engine writes them in production).
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CampaignDialerSamplesTable, CampaignDialerStateTable, DialAttemptsTable } from '../../platform/db/schema.ts';
import type { TestApp } from '../../../test/harness.ts';

type Db = Pick<TestApp, 'db'>;

/** One dial attempt of a lead; DIALING by default. */
export async function insertAttempt(t: Db, tenantId: string, campaignId: string, leadId: string, fields: Partial<Insertable<DialAttemptsTable>> = {}): Promise<string> {
  const row = await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('dialAttempts')
      .values({ callId: randomUUID(), phone: '+5511987654321', simulated: true, owner: 'test', ...fields, tenantId, campaignId, leadId })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** The campaign's dialer state row, statistics and decision given as objects. */
export async function insertDialerState(
  t: Db,
  tenantId: string,
  campaignId: string,
  fields: Omit<Partial<Insertable<CampaignDialerStateTable>>, 'statistics' | 'lastDecision'> & { statistics: object; lastDecision?: object },
): Promise<void> {
  const { statistics, lastDecision, ...rest } = fields;
  await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('campaignDialerState')
      .values({ dialLevel: 1, mode: 'PROGRESSIVE', ...rest, statistics: JSON.stringify(statistics), lastDecision: JSON.stringify(lastDecision ?? {}), tenantId, campaignId })
      .execute(),
  );
}

/** One per-minute sample. */
export async function insertSample(t: Db, tenantId: string, campaignId: string, fields: Omit<Insertable<CampaignDialerSamplesTable>, 'tenantId' | 'campaignId'>): Promise<void> {
  await t.db.withTenant(tenantId, (tx) => tx.insertInto('campaignDialerSamples').values({ ...fields, tenantId, campaignId }).execute());
}
