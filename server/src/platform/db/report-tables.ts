// Table shapes of the queue entries and the report rollups (migrations 20261203010001–3 and 20261204010001).
import type { ColumnType } from 'kysely';

/** bigint columns: the pools parse int8 as numbers (database.ts). */
type BigInt = ColumnType<number, number | string | undefined, number | string>;

export type QueueEntryOutcome = 'ANSWERED' | 'ABANDONED' | 'FLOWED_OUT';

/** One entry of a call into a queue (mod_callcenter's member): docs/reports.md. */
export interface QueueEntriesTable {
  id: string;
  tenantId: string;
  callId: string;
  queueId: string;
  campaignId: string | null;
  joinedAt: ColumnType<Date, Date | string, Date | string>;
  agentId: string | null;
  answeredAt: Date | null;
  talkEndedAt: Date | null;
  leftAt: Date | null;
  cancelReason: string | null;
  outcome: QueueEntryOutcome | null;
  transferredOut: ColumnType<boolean, boolean | undefined, boolean>;
  wrapUpMs: BigInt | null;
  serviceLevelSeconds: number;
  shortAbandonSeconds: number;
}

export interface ReportQueueIntervalsTable {
  tenantId: string;
  bucket: Date;
  queueId: string;
  agentId: string | null;
  campaignId: string | null;
  offered: number;
  answered: number;
  answeredInSl: number;
  abandoned: number;
  abandonedShort: number;
  flowedOut: number;
  transferredOut: number;
  waitAnsweredMs: BigInt;
  waitAbandonedMs: BigInt;
  waitMaxMs: BigInt;
  talkMs: BigInt;
  wrapUps: number;
  wrapUpMs: BigInt;
}

export interface ReportAgentIntervalsTable {
  tenantId: string;
  bucket: Date;
  agentId: string;
  state: string;
  ms: BigInt;
  entered: number;
  missed: number;
}

export interface ReportAgentPauseIntervalsTable {
  tenantId: string;
  bucket: Date;
  agentId: string;
  pauseReasonId: string;
  ms: BigInt;
}

export interface ReportCampaignIntervalsTable {
  tenantId: string;
  bucket: Date;
  campaignId: string;
  attempts: number;
  answered: number;
  connected: number;
  busy: number;
  noAnswer: number;
  failed: number;
  abandoned: number;
  callbacksCompleted: number;
  waitMs: BigInt;
  talkMs: BigInt;
  /** The dialer's minutes of dialing and their dial levels in thousandths. */
  dialingMinutes: number;
  dialLevelMilli: BigInt;
}

export interface ReportCallIntervalsTable {
  tenantId: string;
  bucket: Date;
  direction: string;
  calls: number;
  answered: number;
  billableSeconds: BigInt;
  talkSeconds: BigInt;
}

export interface ReportDispositionIntervalsTable {
  tenantId: string;
  bucket: Date;
  dispositionId: string;
  campaignId: string | null;
  queueId: string | null;
  agentId: string | null;
  calls: number;
}

/** The queue rollup without the answering agent (what a report not filtered by agent reads). */
export type ReportQueueCampaignIntervalsTable = Omit<ReportQueueIntervalsTable, 'agentId'>;

/** An agent's answered queue calls, talk and wrap-up, without queue and campaign. */
export interface ReportAgentCallIntervalsTable {
  tenantId: string;
  bucket: Date;
  agentId: string;
  answered: number;
  talkMs: BigInt;
  wrapUpMs: BigInt;
}

/** The dispositions of campaign calls per campaign, without queue and agent. */
export interface ReportCampaignDispositionIntervalsTable {
  tenantId: string;
  bucket: Date;
  campaignId: string;
  dispositionId: string;
  calls: number;
}

/** The same per UTC hour (read when every interval of a period is made of whole hours). */
export interface ReportCampaignDispositionHoursTable {
  tenantId: string;
  hour: Date;
  campaignId: string;
  dispositionId: string;
  calls: number;
}

export interface ReportLeadCountsTable {
  tenantId: string;
  campaignId: string;
  status: string;
  leads: number;
}

export interface ReportStorageTable {
  tenantId: string;
  recordingBytes: BigInt;
}

export interface ReportTables {
  queueEntries: QueueEntriesTable;
  reportQueueIntervals: ReportQueueIntervalsTable;
  reportQueueCampaignIntervals: ReportQueueCampaignIntervalsTable;
  reportAgentCallIntervals: ReportAgentCallIntervalsTable;
  reportAgentIntervals: ReportAgentIntervalsTable;
  reportAgentPauseIntervals: ReportAgentPauseIntervalsTable;
  reportCampaignIntervals: ReportCampaignIntervalsTable;
  reportCallIntervals: ReportCallIntervalsTable;
  reportDispositionIntervals: ReportDispositionIntervalsTable;
  reportCampaignDispositionIntervals: ReportCampaignDispositionIntervalsTable;
  reportCampaignDispositionHours: ReportCampaignDispositionHoursTable;
  reportLeadCounts: ReportLeadCountsTable;
  reportStorage: ReportStorageTable;
}
