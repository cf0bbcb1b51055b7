import { api } from '../app/api-client.ts';

export const CAMPAIGN_OPERATIONS = ['start', 'pause', 'drain', 'stop'] as const;
export type CampaignOperation = (typeof CAMPAIGN_OPERATIONS)[number];
export type CampaignStatus = 'DRAFT' | 'READY' | 'RUNNING' | 'WAITING_SCHEDULE' | 'PAUSED' | 'DRAINING' | 'STOPPED' | 'COMPLETED';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export interface CallingWindow {
  start: string;
  end: string;
}
export type Schedule = Partial<Record<Weekday, CallingWindow[]>>;

/** What a form sends (every field, for a creation and an edit alike). */
export interface CampaignInput {
  name: string;
  queueId: string;
  trunkId: string;
  pacingMin: number;
  pacingMax: number;
  recordingEnabled: boolean;
  timezone: string;
  callerId: string | null;
  maxAttempts: number;
  schedule: Schedule;
}

export interface Campaign extends CampaignInput {
  id: string;
  status: CampaignStatus;
  statusChangedAt: string;
  /** The moves the status allows now, from the server's table. */
  operations: CampaignOperation[];
  createdAt: string;
  updatedAt: string;
}

export const campaignsKey = (tenantId: string | null) => ['campaigns', tenantId] as const;

const one = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

export const campaignsApi = {
  list: () => api<Campaign[]>('/campaigns'),
  create: (input: CampaignInput) => api<Campaign>('/campaigns', { method: 'POST', body: input }),
  update: (id: string, input: CampaignInput) => api<Campaign>(one(id), { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  operate: (id: string, operation: CampaignOperation) => api<Campaign>(`${one(id)}/${operation}`, { method: 'POST' }),
};
