import { api } from '../app/api-client.ts';

export interface Callback {
  id: string;
  campaignId: string;
  campaignName: string;
  phone: string;
  name: string | null;
  nextAttemptAt: string;
  attempts: number;
  lastOutcome: string | null;
}

export type CallbackAction =
  { action: 'RESCHEDULE'; nextAttemptAt: string } | { action: 'REQUEUE' } | { action: 'CANCEL' };

export const callbacksKey = (tenantId: string | null) => ['callbacks', tenantId] as const;

export const callbacksApi = {
  list: () => api<Callback[]>('/leads/callbacks'),
  update: (id: string, body: CallbackAction) =>
    api<unknown>(`/leads/callbacks/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
};
