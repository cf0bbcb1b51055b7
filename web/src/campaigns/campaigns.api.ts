import { api, apiBlob, apiUpload } from '../app/api-client.ts';
import { queryString } from '../app/query-string.ts';
import type { RetryMinutes, StatePolicyId } from './dialer-settings.ts';

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
  /** Calls per second for this campaign; null: no campaign limit (the trunk's and the plan's still apply). */
  cpsLimit: number | null;
  /** Fraction of answered calls (0.03 = 3 %). */
  abandonTarget: number;
  abandonAfterSeconds: number;
  /** Overrides of the retry delays in minutes; an outcome left out keeps its default. */
  retryMinutes: RetryMinutes;
  callingPolicies: StatePolicyId[];
}

export interface Campaign extends CampaignInput {
  id: string;
  status: CampaignStatus;
  statusChangedAt: string;
  /** The moves the status allows now, from the server's table. */
  operations: CampaignOperation[];
  /** The campaign has its own abandon message; without one the dialer plays the platform's default. */
  hasAbandonMessage: boolean;
  abandonMessageSizeBytes: number | null;
  createdAt: string;
  updatedAt: string;
}

export const LEAD_STATUSES = ['READY', 'CALLBACK', 'DO_NOT_CALL', 'COMPLETED', 'EXHAUSTED'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export interface Lead {
  id: string;
  campaignId: string;
  /** E.164. */
  phone: string;
  name: string | null;
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastOutcome: string | null;
  data: Record<string, string>;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /campaigns/:id/stats; the live parts stay null until the dialer has numbers for them. */
export interface CampaignStats {
  leads: Partial<Record<LeadStatus, number>>;
  attempts: number;
  answered: number;
  abandonRate: number | null;
  agents: Partial<Record<string, number>>;
  callsInProgress: number;
  dialLevel: number | null;
  /** The dialer's live view; null until the dialer has a row for the campaign (decision 0049). */
  dialer: DialerStatus | null;
  /** The tenant's short calls today (Anatel's ≤ 6 s rule). */
  shortCalls: ShortCalls;
}

export interface DialerStatus {
  mode: 'PROGRESSIVE' | 'PREDICTIVE';
  answerRate: number | null;
  abandonTarget: number;
  abandonAfterSeconds: number;
  callsRinging: number;
  answeredWaiting: number;
  callsInFlight: number;
  /** pacing.ts PacingReason codes. */
  reasons: string[];
  leadsWaitingWindow: number;
  updatedAt: string;
}

export type ShortCallLevel = 'OK' | 'NOTICE' | 'WARNING' | 'CRITICAL';

export interface ShortCalls {
  today: number;
  shortToday: number;
  share: number;
  threshold: number;
  level: ShortCallLevel;
  /** Answered calls a day before the dialer acts on the share. */
  minCalls: number;
}

/** One minute of GET /campaigns/:id/stats/history. */
export interface DialerSample {
  minute: string;
  dialLevel: number;
  answerRate: number | null;
  abandonRate: number | null;
  callsInFlight: number;
  agentsAvailable: number;
  agentsBusy: number;
  attempts: number;
  answered: number;
  abandoned: number;
}

export interface LeadFilters {
  status?: LeadStatus;
  page: number;
  pageSize: number;
}

export const campaignsKey = (tenantId: string | null) => ['campaigns', tenantId] as const;
export const campaignKey = (tenantId: string | null, id: string) => ['campaigns', tenantId, id] as const;
export const campaignStatsKey = (tenantId: string | null, id: string) =>
  ['campaigns', tenantId, id, 'stats'] as const;
export const campaignHistoryKey = (tenantId: string | null, id: string, minutes: number) =>
  ['campaigns', tenantId, id, 'stats', 'history', minutes] as const;
export const leadsKey = (tenantId: string | null, id: string, filters: LeadFilters) =>
  ['campaigns', tenantId, id, 'leads', filters] as const;

const one = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

export const campaignsApi = {
  list: () => api<Campaign[]>('/campaigns'),
  get: (id: string) => api<Campaign>(one(id)),
  stats: (id: string) => api<CampaignStats>(`${one(id)}/stats`),
  history: (id: string, minutes: number) =>
    api<{ samples: DialerSample[] }>(`${one(id)}/stats/history?${queryString({ minutes })}`),
  leads: (id: string, filters: LeadFilters) =>
    api<Page<Lead>>(`${one(id)}/leads?${queryString({ ...filters })}`),
  create: (input: CampaignInput) => api<Campaign>('/campaigns', { method: 'POST', body: input }),
  update: (id: string, input: CampaignInput) => api<Campaign>(one(id), { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  operate: (id: string, operation: CampaignOperation) =>
    api<Campaign>(`${one(id)}/${operation}`, { method: 'POST' }),
  /** The server reads the multipart field "file" and checks the WAV header and format itself. */
  uploadAbandonMessage: (id: string, file: File, onProgress: (fraction: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return apiUpload<Campaign>(`${one(id)}/abandon-message`, form, onProgress);
  },
  abandonMessage: (id: string) => apiBlob(`${one(id)}/abandon-message`),
  removeAbandonMessage: (id: string) => api<void>(`${one(id)}/abandon-message`, { method: 'DELETE' }),
};
