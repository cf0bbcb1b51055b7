import { Type, type Static } from 'typebox';
import { Nullable } from '../../platform/http/schemas.ts';

const Limit = Nullable(Type.Integer({ minimum: 0 }));

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
  maxRecordingStorageGb: Nullable(Type.Number({ minimum: 0 })),
  recordingRetentionDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  aiEnabled: Type.Boolean(),
};

export const Plan = Type.Object({ id: Type.String(), ...PlanFields });
export type Plan = Static<typeof Plan>;

export const PlanCreateBody = Type.Object(
  {
    id: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,62}$' })),
    ...Type.Partial(Type.Object(PlanFields)).properties,
    name: PlanFields.name,
  },
  { additionalProperties: false },
);
export type PlanCreateBody = Static<typeof PlanCreateBody>;

export const PlanPatchBody = Type.Partial(Type.Object(PlanFields, { additionalProperties: false }), { minProperties: 1 });
export type PlanPatchBody = Static<typeof PlanPatchBody>;

export const PlanParams = Type.Object({ id: Type.String({ maxLength: 63 }) });
