import { Type, type Static } from 'typebox';
import { Nullable, StrictObject, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import type { LeadStatus } from '../../platform/db/schema.ts';

export const LEAD_STATUSES = ['READY', 'CALLBACK', 'DO_NOT_CALL', 'COMPLETED', 'EXHAUSTED'] as const satisfies readonly LeadStatus[];
const Count = Type.Integer({ minimum: 0 });

export const CampaignParams = Type.Object({ id: Uuid });
export const ImportParams = Type.Object({ id: Uuid, importId: Uuid });

export const LeadsQuery = StrictObject({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  status: Type.Optional(Type.Enum(LEAD_STATUSES)),
});
export type LeadsQuery = Static<typeof LeadsQuery>;

export const Lead = Type.Object({
  id: Type.String(),
  campaignId: Type.String(),
  /** E.164, Brazilian. */
  phone: Type.String(),
  name: Nullable(Type.String()),
  status: Type.Enum(LEAD_STATUSES),
  attempts: Type.Integer(),
  nextAttemptAt: Nullable(Timestamp),
  lastOutcome: Nullable(Type.String()),
  /** The file's other columns, by their header as written: text values. */
  data: Type.Record(Type.String(), Type.String()),
});
export type Lead = Static<typeof Lead>;

export const LeadList = Type.Object({ items: Type.Array(Lead), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
export type LeadList = Static<typeof LeadList>;

/** The counters of an import: total = valid + invalid; valid = imported + duplicates; suppressed ≤ imported. */
export const ImportCounters = { total: Count, valid: Count, invalid: Count, duplicates: Count, imported: Count, suppressed: Count };
export type ImportCounters = { total: number; valid: number; invalid: number; duplicates: number; imported: number; suppressed: number };

export const ImportResult = Type.Object({ importId: Type.String(), ...ImportCounters });
export type ImportResult = Static<typeof ImportResult>;

export const ListImport = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('LEADS'), Type.Literal('SUPPRESSION')]),
  campaignId: Nullable(Type.String()),
  fileName: Nullable(Type.String()),
  status: Type.Union([Type.Literal('RUNNING'), Type.Literal('COMPLETED'), Type.Literal('FAILED')]),
  /** Why a FAILED import was refused (an error code of the answer); null otherwise. */
  errorCode: Nullable(Type.String()),
  ...ImportCounters,
  createdBy: Nullable(Type.String()),
  createdAt: Timestamp,
  finishedAt: Nullable(Timestamp),
});
export type ListImport = Static<typeof ListImport>;
