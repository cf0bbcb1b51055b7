// The shapes shared by every list import (decision 0042, and 0046 for the suppression list): the
// counters of the answer and of the import row, one import as the lists show it.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.ts';

const Count = Type.Integer({ minimum: 0 });

/** The counters of an import: total = valid + invalid; valid = imported + duplicates. */
export const ImportCounters = { total: Count, valid: Count, invalid: Count, duplicates: Count, imported: Count, suppressed: Count };
export type ImportCounters = { total: number; valid: number; invalid: number; duplicates: number; imported: number; suppressed: number };

export const ImportResult = Type.Object({ importId: Type.String(), ...ImportCounters });
export type ImportResult = Static<typeof ImportResult>;

export const ListImportKind = Type.Union([Type.Literal('LEADS'), Type.Literal('SUPPRESSION')]);
export type ListImportKind = Static<typeof ListImportKind>;

export const ListImport = Type.Object({
  id: Type.String(),
  kind: ListImportKind,
  campaignId: Nullable(Type.String()),
  fileName: Nullable(Type.String()),
  status: Type.Union([Type.Literal('RUNNING'), Type.Literal('COMPLETED'), Type.Literal('FAILED')]),
  /** Why a FAILED import was refused (an error code of the answer); null otherwise. */
  errorCode: Nullable(Type.String()),
  /** The values its message names (`{ "byte": 3 }`), so the history shows the same message as the answer. */
  errorParams: Nullable(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  ...ImportCounters,
  createdBy: Nullable(Type.String()),
  createdAt: Timestamp,
  finishedAt: Nullable(Timestamp),
});
export type ListImport = Static<typeof ListImport>;

export const ImportIdParams = Type.Object({ importId: Uuid });
