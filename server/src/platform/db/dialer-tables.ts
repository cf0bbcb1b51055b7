// The dialer: campaigns, leads, attempts and the dialer's state, list imports and suppression.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, SoftDelete, Stamps, Defaulted } from './column-types.ts';

export type CampaignStatus = 'DRAFT' | 'READY' | 'RUNNING' | 'WAITING_SCHEDULE' | 'PAUSED' | 'DRAINING' | 'STOPPED' | 'COMPLETED';

/** A calling window, local "HH:MM" times in the campaign's time zone (end after start). */
export interface CallingWindow {
  start: string;
  end: string;
}
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type CampaignSchedule = Partial<Record<Weekday, CallingWindow[]>>;

export interface CampaignsTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  name: string;
  queueId: string;
  trunkId: string;
  pacingMin: number;
  pacingMax: number;
  recordingEnabled: Defaulted<boolean>;
  timezone: Defaulted<string>;
  callerId: string | null;
  maxAttempts: Defaulted<number>;
  schedule: Json<CampaignSchedule>;
  status: Defaulted<CampaignStatus>;
  statusChangedAt: Defaulted<Date>;
  /** The CAMPAIGN CPS bucket; null: no campaign limit. */
  cpsLimit: ColumnType<number | null, number | null | undefined, number | null>;
  abandonTarget: Defaulted<number>;
  abandonAfterSeconds: Defaulted<number>;
  /** Retry delay overrides in minutes by outcome (BUSY, NO_ANSWER, FAILED, ABANDONED). */
  retryMinutes: ColumnType<Partial<Record<DialRetryOutcome, number>>, string | undefined, string>;
  /** Ids of calling-hours.ts STATE_POLICIES the campaign observes. */
  callingPolicies: ColumnType<string[], string[] | undefined, string[]>;
  /** The campaign's own abandon message in object storage (decision 0052); null: the default. */
  abandonMessageObjectKey: ColumnType<string | null, string | null | undefined, string | null>;
  abandonMessageSizeBytes: ColumnType<number | null, number | null | undefined, number | null>;
}

export type DialRetryOutcome = 'BUSY' | 'NO_ANSWER' | 'FAILED' | 'ABANDONED';
export type DialAttemptStatus = 'DIALING' | 'ANSWERED' | 'ENDED';
export type DialAttemptOutcome = 'CONNECTED' | 'ABANDONED' | 'BUSY' | 'NO_ANSWER' | 'FAILED';

export interface DialAttemptsTable {
  id: Generated<string>;
  tenantId: string;
  campaignId: string;
  leadId: string;
  callId: string;
  phone: string;
  simulated: boolean;
  /** Dialed for a lead in CALLBACK: a connected one completes the callback. */
  callback: ColumnType<boolean, boolean | undefined, boolean>;
  owner: string;
  status: ColumnType<DialAttemptStatus, DialAttemptStatus | undefined, DialAttemptStatus>;
  outcome: DialAttemptOutcome | null;
  hangupCause: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  answeredAt: Date | null;
  connectedAt: Date | null;
  endedAt: Date | null;
}

export interface CampaignDialerStateTable {
  campaignId: string;
  tenantId: string;
  /** campaign-statistics.ts CampaignStatistics. */
  statistics: ColumnType<unknown, string, string>;
  dialLevel: number;
  mode: 'PROGRESSIVE' | 'PREDICTIVE';
  /** The last pacing decision (pacing.ts PacingDecision) and what it saw. */
  lastDecision: ColumnType<unknown, string | undefined, string>;
  leadsWaitingWindow: Defaulted<number>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Answered and abandoned attempts on counts_day (the campaign's zone), kept by the attempts' steps (decision 0051). */
  answeredToday: Defaulted<number>;
  abandonedToday: Defaulted<number>;
  countsDay: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CampaignDialerSamplesTable {
  campaignId: string;
  tenantId: string;
  minute: ColumnType<Date, Date | string, Date | string>;
  dialLevel: number;
  answerRate: number | null;
  abandonRate: number | null;
  callsInFlight: Defaulted<number>;
  agentsAvailable: Defaulted<number>;
  agentsBusy: Defaulted<number>;
  attempts: Defaulted<number>;
  answered: Defaulted<number>;
  abandoned: Defaulted<number>;
}

export type LeadStatus = 'READY' | 'CALLBACK' | 'DO_NOT_CALL' | 'COMPLETED' | 'EXHAUSTED';

export interface LeadsTable extends Stamps {
  id: Generated<string>;
  tenantId: string;
  campaignId: string;
  phone: string;
  /** Its numbers in the order the dialer tries them, `phone` first (a trigger fills `[phone]` when omitted). */
  phones: ColumnType<string[], string[] | undefined, string[]>;
  name: string | null;
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Date | null;
  lastOutcome: string | null;
  data: Json<Record<string, string>>;
  importId: string | null;
}

export type ListImportKind = 'LEADS' | 'SUPPRESSION';
export type ListImportStatus = 'RUNNING' | 'COMPLETED' | 'FAILED';
/** Why an import refused a row (the rejected-rows CSV). */
export type RejectReason = 'EMPTY' | 'LETTERS' | 'FOREIGN' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID' | 'DUPLICATE';

export interface ListImportsTable {
  id: Generated<string>;
  tenantId: string;
  kind: ListImportKind;
  campaignId: string | null;
  fileName: string | null;
  status: ColumnType<ListImportStatus, ListImportStatus | undefined, ListImportStatus>;
  errorCode: string | null;
  /** The values the error's message names (`{ byte: 3 }`), for the history's translated message. */
  errorParams: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
  total: ColumnType<number, number | undefined, number>;
  valid: ColumnType<number, number | undefined, number>;
  invalid: ColumnType<number, number | undefined, number>;
  duplicates: ColumnType<number, number | undefined, number>;
  imported: ColumnType<number, number | undefined, number>;
  suppressed: ColumnType<number, number | undefined, number>;
  createdBy: string | null;
  createdAt: CreatedAt;
  finishedAt: Date | null;
  /** The file's header as written; null for a file without one (or an import made before it was kept). */
  header: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** The encoding the file was read in (text-encoding.ts's names): the rejected-rows file is written back in it. */
  sourceEncoding: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ListImportRejectsTable {
  importId: string;
  tenantId: string;
  rowNumber: number;
  rawValue: string;
  reason: RejectReason;
  /** The row's original cells, in the file's order (null for rows refused before they were kept). */
  cells: ColumnType<string[] | null, string[] | null | undefined, never>;
}

export type SuppressionSource = 'MANUAL' | 'IMPORT' | 'DISPOSITION';

export interface SuppressionEntriesTable {
  id: Generated<string>;
  tenantId: string;
  phone: string;
  source: SuppressionSource;
  note: string | null;
  importId: string | null;
  createdBy: string | null;
  createdAt: CreatedAt;
}
