import { Type, type Static } from 'typebox';
import { Nullable, StrictObject, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import type { LeadStatus } from '../../platform/db/schema.ts';

export const LEAD_STATUSES = ['READY', 'CALLBACK', 'DO_NOT_CALL', 'COMPLETED', 'EXHAUSTED'] as const satisfies readonly LeadStatus[];

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

// The import shapes are every list import's; re-exported where the lead import's callers look.
export { ImportCounters, ImportResult, ListImport } from '../list-imports/list-imports.schema.ts';
