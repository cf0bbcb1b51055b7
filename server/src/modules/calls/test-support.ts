// Integration-test factories for call records: rows inserted straight through the database handles
// (the switch's event handlers fill these tables in production).
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CallEventsTable, CallLegsTable, CallsTable, RecordingsTable } from '../../platform/db/schema.ts';
import type { TestApp } from '../../../test/harness.ts';

type Db = Pick<TestApp, 'db'>;

/** A call of the tenant; ended and answered by default, fields overridable. */
export async function insertCall(t: Db, tenantId: string, fields: Partial<Insertable<CallsTable>> = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  const createdAt = fields.createdAt ?? new Date();
  await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('calls')
      .values({
        direction: 'INBOUND',
        callerNumber: '+5511987654321',
        calledNumber: '551130000000',
        endedAt: new Date(new Date(createdAt).getTime() + 60_000),
        hangupCause: 'NORMAL_CLEARING',
        ...fields,
        id,
        tenantId,
        createdAt,
      })
      .execute(),
  );
  return id;
}

export async function insertLeg(t: Db, tenantId: string, callId: string, fields: Partial<Insertable<CallLegsTable>> = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('callLegs')
      .values({ direction: 'inbound', createdAt: new Date(), ...fields, id, tenantId, callId })
      .execute(),
  );
  return id;
}

export async function insertEvent(
  t: Db,
  tenantId: string,
  callId: string,
  name: string,
  headers: Record<string, string>,
  fields: Partial<Insertable<CallEventsTable>> = {},
): Promise<void> {
  await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('callEvents')
      .values({ eventKey: randomUUID(), occurredAt: new Date(), ...fields, headers: JSON.stringify(headers), tenantId, callId, name })
      .execute(),
  );
}

export async function insertRecording(t: Db, tenantId: string, callId: string, fields: Partial<Insertable<RecordingsTable>> = {}): Promise<string> {
  const row = await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('recordings')
      .values({
        status: 'AVAILABLE',
        switchPath: `/switch-side/recordings/${callId}.wav`,
        storageKey: `tenants/${tenantId}/recordings/2026/11/26/${callId}.wav`,
        sizeBytes: 960_044,
        durationSeconds: 30,
        retentionUntil: new Date(Date.now() + 90 * 86_400_000),
        ...fields,
        tenantId,
        callId,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** A disposition of the tenant (through the database: tests of calls need no code-list API). */
export async function insertDisposition(t: Db, tenantId: string, code: string, enabled = true): Promise<string> {
  const row = await t.db.withTenant(tenantId, (tx) =>
    tx.insertInto('dispositions').values({ tenantId, code, name: code, enabled }).returning('id').executeTakeFirstOrThrow(),
  );
  return row.id;
}
