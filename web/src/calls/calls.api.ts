import { api, apiBlob } from '../app/api-client.ts';
import { queryString } from '../app/query-string.ts';

/** A call record as GET /calls lists it (docs/calls.md defines every field and time). */
export interface CallRecord {
  id: string;
  direction: 'INBOUND' | 'OUTBOUND' | 'INTERNAL';
  callerNumber: string | null;
  calledNumber: string | null;
  queueId: string | null;
  queueName: string | null;
  agentId: string | null;
  agentName: string | null;
  campaignId: string | null;
  createdAt: string;
  answerAt: string | null;
  endedAt: string | null;
  ringTime: number | null;
  waitTime: number | null;
  talkTime: number | null;
  durationSeconds: number | null;
  billableSeconds: number | null;
  hangupCause: string | null;
  disposition: string | null;
  /** A dialer call the customer answered and no agent took in time. */
  abandoned: boolean;
  /** The dialer's lead of the call, when it has one. */
  leadId: string | null;
}

export interface CallLeg {
  id: string;
  direction: string;
  channelName: string | null;
  callerNumber: string | null;
  destinationNumber: string | null;
  createdAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  hangupCause: string | null;
}

export interface CallTimelineEvent {
  name: string;
  occurredAt: string;
  legId: string | null;
  /** The switch's allow-listed headers (what happened, to which leg). */
  headers: Record<string, string>;
  /** The tenant's names for the agent and queue the event speaks of, when known. */
  agentName: string | null;
  queueName: string | null;
}

export interface Recording {
  id: string;
  callId: string;
  status: 'RECORDING' | 'AVAILABLE' | 'FAILED' | 'DELETED';
  sizeBytes: number | null;
  durationSeconds: number | null;
  createdAt: string;
  retentionUntil: string | null;
  /** Which setting recorded it (decision 0082); null for recordings older than the field. */
  reason: 'CAMPAIGN' | 'QUEUE' | 'DIALPLAN' | null;
}

export interface CallDetail extends CallRecord {
  legs: CallLeg[];
  events: CallTimelineEvent[];
  recording: Recording | null;
}

export interface CallsPage {
  items: CallRecord[];
  /** Exact when totalExact; otherwise a lower bound (the server stops counting far past the page). */
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}

export interface CallFilters {
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  phone?: string;
  extension?: string;
  agentId?: string;
  queueId?: string;
  hangupCause?: string;
  disposition?: string;
  page: number;
  pageSize: number;
}

export const callsKey = (tenantId: string | null, filters: CallFilters) =>
  ['calls', tenantId, filters] as const;
export const callKey = (tenantId: string | null, id: string) => ['calls', tenantId, 'one', id] as const;

export const callsApi = {
  list: (filters: CallFilters) => api<CallsPage>(`/calls?${queryString({ ...filters })}`),
  get: (id: string) => api<CallDetail>(`/calls/${encodeURIComponent(id)}`),
  /** callbackAt (ISO) only with a CALLBACK disposition on a call with a lead. */
  setDisposition: (id: string, dispositionId: string, callbackAt?: string) =>
    api<unknown>(`/calls/${encodeURIComponent(id)}/disposition`, {
      method: 'PATCH',
      body: callbackAt ? { dispositionId, callbackAt } : { dispositionId },
    }),
  /** The recording's audio, fetched with the session (an <audio> element cannot send the token). */
  audio: (recordingId: string) => apiBlob(`/recordings/${encodeURIComponent(recordingId)}/audio`),
};
