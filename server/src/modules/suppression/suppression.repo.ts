// The tenant's suppression list under row-level security, and the one statement that suppresses
// numbers and moves the tenant's dialable leads with them (shared with the CSV imports).
import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { SuppressionEntriesTable, SuppressionSource } from '../../platform/db/schema.ts';
import { iso } from '../../platform/http/schemas.ts';
import type { SuppressionEntry } from './suppression.schema.ts';

const columns = ['id', 'phone', 'source', 'note', 'importId', 'createdBy', 'createdAt'] as const;
type EntryRow = Pick<Selectable<SuppressionEntriesTable>, (typeof columns)[number]>;

export const toEntry = (row: EntryRow): SuppressionEntry => ({ ...row, createdAt: iso(row.createdAt)! });

const E164_BR = /^\+55[0-9]{10,11}$/;

export interface SuppressOptions {
  source: SuppressionSource;
  importId?: string | null;
  createdBy?: string | null;
  note?: string | null;
}

export interface SuppressResult {
  /** Numbers newly on the list. */
  added: number;
  /** Distinct numbers given that were on the list already (left as they were). */
  alreadySuppressed: number;
  /** The tenant's READY and CALLBACK leads (every campaign) moved to DO_NOT_CALL. */
  leadsMoved: number;
}

/**
 * Puts E.164 numbers on the tenant's list and moves the tenant's READY and CALLBACK leads with any
 * of them to DO_NOT_CALL (nextAttemptAt cleared), in one statement inside the caller's transaction
 * (which must be the tenant's: withTenant). Numbers already listed keep their entry; their dialable
 * leads are moved all the same. `phones` must be normalized (parseLeadPhone) first.
 */
export async function suppressNumbers(tx: Tx, tenantId: string, phones: readonly string[], options: SuppressOptions): Promise<SuppressResult> {
  // Sorted: parallel batches with common numbers take their unique entries in one order (no deadlock).
  const distinct = [...new Set(phones)].sort();
  if (distinct.length === 0) return { added: 0, alreadySuppressed: 0, leadsMoved: 0 };
  const wrong = distinct.find((phone) => !E164_BR.test(phone));
  // A caller's bug, not client input: callers normalize first.
  if (wrong !== undefined) throw new Error('suppressNumbers: a number is not Brazilian E.164');
  const { rows } = await sql<{ added: number; moved: number }>`
    WITH input AS (SELECT phone FROM unnest(${distinct}::text[]) WITH ORDINALITY AS i (phone, n) ORDER BY n),
    added AS (
      INSERT INTO suppression_entries (tenant_id, phone, source, note, import_id, created_by)
      SELECT ${tenantId}::uuid, phone, ${options.source}::text, ${options.note ?? null}::text, ${options.importId ?? null}::uuid, ${options.createdBy ?? null}::uuid FROM input
      ON CONFLICT (tenant_id, phone) DO NOTHING
      RETURNING 1
    ),
    moved AS (
      UPDATE leads SET status = 'DO_NOT_CALL', next_attempt_at = NULL
      WHERE tenant_id = ${tenantId}::uuid AND status IN ('READY', 'CALLBACK') AND phone IN (SELECT phone FROM input)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM added) AS added, (SELECT count(*) FROM moved) AS moved`.execute(tx);
  const { added, moved } = rows[0]!;
  return { added: Number(added), alreadySuppressed: distinct.length - Number(added), leadsMoved: Number(moved) };
}

export const findEntryByPhone = (tx: Tx, phone: string) =>
  tx.selectFrom('suppressionEntries').select(columns).where('phone', '=', phone).executeTakeFirst();

export const isSuppressed = async (tx: Tx, phone: string): Promise<boolean> => (await findEntryByPhone(tx, phone)) !== undefined;

/** Deletes the entry and returns what it was (undefined when the tenant has none by that id). */
export const deleteEntry = (tx: Tx, id: string) => tx.deleteFrom('suppressionEntries').where('id', '=', id).returning(columns).executeTakeFirst();

export async function listEntries(tx: Tx, filter: { phone?: string }, { page, pageSize }: { page: number; pageSize: number }) {
  const base = () => {
    const query = tx.selectFrom('suppressionEntries');
    return filter.phone === undefined ? query : query.where('phone', '=', filter.phone);
  };
  const [rows, count] = await Promise.all([
    base().select(columns).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toEntry), total: Number(count.n) };
}

/** Of `phones`, those listed by something else than this import (before it, or by a parallel one). */
export async function listedOtherwise(tx: Tx, importId: string, phones: readonly string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await tx
    .selectFrom('suppressionEntries')
    .select('phone')
    .where('phone', '=', sql<string>`ANY(${phones}::text[])`)
    .where((eb) => eb.or([eb('importId', 'is', null), eb('importId', '!=', importId)]))
    .execute();
  return new Set(rows.map((row) => row.phone));
}

/** A refused file's entries go with it (the leads they moved stay DO_NOT_CALL: decision 0046). */
export const deleteImportedEntries = (tx: Tx, importId: string) => tx.deleteFrom('suppressionEntries').where('importId', '=', importId).execute();
