import { api } from '../app/api-client.ts';

/** Limits are null when the plan does not cap them. The server mixes snake and camel case. */
export interface Plan {
  id: string;
  name: string;
  max_extensions: number | null;
  max_agents: number | null;
  max_trunks: number | null;
  max_queues: number | null;
  max_campaigns: number | null;
  max_cps: number | null;
  max_concurrent_calls: number | null;
  maxMonthlyCalls: number | null;
  /** Leads a tenant keeps over all its campaigns. */
  max_leads: number | null;
  maxRecordingStorageGb: number | null;
  /** Always set: recordings are never kept forever. */
  recordingRetentionDays: number;
  aiEnabled: boolean;
}

export type PlanLimitField = Exclude<keyof Plan, 'id' | 'name' | 'aiEnabled' | 'recordingRetentionDays'>;

export const PLAN_LIMIT_FIELDS: readonly PlanLimitField[] = [
  'max_extensions',
  'max_agents',
  'max_trunks',
  'max_queues',
  'max_campaigns',
  'max_cps',
  'max_concurrent_calls',
  'maxMonthlyCalls',
  'max_leads',
  'maxRecordingStorageGb',
];

export const RETENTION_DAYS_RANGE = { min: 1, max: 3650 } as const;

/** Omitted fields take the server's defaults on creation and stay unchanged on edit. */
export type PlanInput = Partial<Omit<Plan, 'id'>> & { id?: string; name: string };

// For the input's pattern attribute: implicitly anchored, compiled with the v flag (hence \\-).
export const PLAN_ID_PATTERN = '[a-z0-9][a-z0-9_\\-]{0,62}';

export const plansKey = ['plans'] as const;

export const plansApi = {
  list: () => api<Plan[]>('/plans'),
  create: (plan: PlanInput) => api<Plan>('/plans', { method: 'POST', body: plan }),
  update: (id: string, plan: Omit<PlanInput, 'id'>) =>
    api<Plan>(`/plans/${encodeURIComponent(id)}`, { method: 'PATCH', body: plan }),
  remove: (id: string) => api<void>(`/plans/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

/** The plan a tenant gets when none is chosen (the server's default, CONTRACT: `planId` defaults to `trial`). */
export const DEFAULT_PLAN_ID = 'trial';

/**
 * A plan's name as a person reads it: the plan the platform ships keeps its stored name only until
 * an operator renames it; until then it is worded in the console's language ("Avaliação", not "Trial").
 */
export function planLabel(plan: Pick<Plan, 'id' | 'name'>, t: (key: string) => string): string {
  return plan.id === DEFAULT_PLAN_ID && plan.name === 'Trial' ? t('plans.shipped.trial') : plan.name;
}
