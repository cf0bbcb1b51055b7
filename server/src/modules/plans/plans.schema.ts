import { Type, type Static } from 'typebox';
import { INT4_MAX, Nullable, PatchBody } from '../../platform/http/schemas.ts';

const Limit = Nullable(Type.Integer({ minimum: 0, maximum: INT4_MAX }));
// numeric(12, 3): nine digits before the point.
const MAX_STORAGE_GB = 999_999_999;

// The specification's names: snake_case counters, camelCase for the rest.
const PlanFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  max_extensions: Limit,
  max_agents: Limit,
  max_trunks: Limit,
  max_queues: Limit,
  max_campaigns: Limit,
  max_cps: Limit,
  max_concurrent_calls: Limit,
  maxMonthlyCalls: Limit,
  /** Leads kept by a tenant over all its campaigns (decision 0078). */
  max_leads: Limit,
  maxRecordingStorageGb: Nullable(Type.Number({ minimum: 0, maximum: MAX_STORAGE_GB })),
  recordingRetentionDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  aiEnabled: Type.Boolean(),
};

/** Plan ids are chosen names, not UUIDs. */
const PlanId = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,62}$' });

export const Plan = Type.Object({ id: Type.String(), ...PlanFields });
export type Plan = Static<typeof Plan>;

export const PlanCreateBody = Type.Object(
  {
    id: Type.Optional(PlanId),
    ...Type.Partial(Type.Object(PlanFields)).properties,
    name: PlanFields.name,
  },
  { additionalProperties: false },
);
export type PlanCreateBody = Static<typeof PlanCreateBody>;

export const PlanPatchBody = PatchBody(PlanFields);
export type PlanPatchBody = Static<typeof PlanPatchBody>;

export const PlanParams = Type.Object({ id: PlanId });
