// Table shapes as Kysely sees them (CamelCasePlugin maps snake_case columns to these names).
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { ServiceLevelFormula } from '@callcenter/rules/reports/metrics';
import type { ReportTables } from './report-tables.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb columns are written as JSON text; all of ours have a database default. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface PlansTable {
  id: string;
  name: string;
  maxExtensions: number | null;
  maxAgents: number | null;
  maxTrunks: number | null;
  maxQueues: number | null;
  maxCampaigns: number | null;
  maxCps: number | null;
  maxConcurrentCalls: number | null;
  maxMonthlyCalls: number | null;
  /** Leads a tenant may keep over all its campaigns (decision 0078). */
  maxLeads: ColumnType<number | null, number | null | undefined, number | null>;
  maxRecordingStorageGb: ColumnType<string | null, number | string | null, number | string | null>;
  recordingRetentionDays: ColumnType<number, number | undefined, number>;
  aiEnabled: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface TenantsTable {
  id: Generated<string>;
  code: string;
  name: string;
  status: ColumnType<TenantStatus, TenantStatus | undefined, TenantStatus>;
  planId: string;
  telephonyDomain: string;
  timezone: ColumnType<string, string | undefined, string>;
  locale: ColumnType<string, string | undefined, string>;
  /** The short-call guard's threshold (share of today's connected calls ≤ 6 s), default 0.6. */
  shortCallThreshold: ColumnType<number, number | undefined, number>;
  /** Which service-level formula the reports use (@callcenter/rules/reports/metrics). */
  serviceLevelFormula: ColumnType<ServiceLevelFormula, ServiceLevelFormula | undefined, ServiceLevelFormula>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export type TenantStatus = 'ACTIVE' | 'SUSPENDED';
export type UserStatus = 'ACTIVE' | 'DISABLED';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string | null;
  passwordHash: string;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  mustChangePassword: ColumnType<boolean, boolean | undefined, boolean>;
  platformRole: ColumnType<'platform_super_admin' | null, 'platform_super_admin' | null | undefined, 'platform_super_admin' | null>;
  locale: string | null;
  lastLoginAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface TenantMembershipsTable {
  tenantId: string;
  userId: string;
  role: string;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  userId: string;
  tenantId: string | null;
  createdAt: CreatedAt;
  lastRefreshedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export interface AuthRefreshTokensTable {
  tokenHash: string;
  sessionId: string;
  createdAt: CreatedAt;
  rotatedAt: Date | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  tenantId: string | null;
  actorUserId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Json<Record<string, unknown>>;
  ip: string | null;
  requestId: string | null;
  createdAt: CreatedAt;
}

export interface DialplanAction {
  application: string;
  data: string;
}

export interface DialplanRulesTable {
  id: Generated<string>;
  tenantId: string;
  context: string;
  name: string;
  conditionField: string;
  conditionExpression: string;
  actions: Json<DialplanAction[]>;
  antiActions: Json<DialplanAction[]>;
  continue: ColumnType<boolean, boolean | undefined, boolean>;
  sortOrder: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  deletedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export type DialplanVersionStatus = 'DRAFT' | 'ACTIVE' | 'SUPERSEDED';

export interface DialplanVersionsTable {
  id: Generated<string>;
  tenantId: string;
  context: string;
  number: number;
  xml: string;
  status: ColumnType<DialplanVersionStatus, DialplanVersionStatus | undefined, DialplanVersionStatus>;
  createdBy: string | null;
  createdAt: CreatedAt;
  activatedAt: Date | null;
}

type SoftDelete = { deletedAt: ColumnType<Date | null, Date | null | undefined, Date | null> };
type Stamps = { createdAt: CreatedAt; updatedAt: Timestamp };
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ExtensionsTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  number: string;
  sipPasswordSealed: string;
  callerId: string | null;
  context: Defaulted<string>;
  sipProfile: Defaulted<string>;
  codecs: Defaulted<string[]>;
  maxRegistrations: Defaulted<number>;
  callGroup: string | null;
  registeredAt: Date | null;
  registrationContact: string | null;
  lastRegistrationFailureAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lastRegistrationFailureIp: ColumnType<string | null, string | null | undefined, string | null>;
}

export type TrunkStatus = 'UNKNOWN' | 'UP' | 'DOWN' | 'REGISTERING' | 'FAILED' | 'UNREGISTERED';

export interface TrunksTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  name: string;
  host: string;
  proxy: string | null;
  realm: string | null;
  register: Defaulted<boolean>;
  username: string | null;
  passwordSealed: string | null;
  dtmfMode: Defaulted<string>;
  ping: number | null;
  transport: Defaulted<string>;
  fromUser: string | null;
  fromDomain: string | null;
  registerProxy: string | null;
  outboundProxy: string | null;
  expireSeconds: number | null;
  callerIdInFrom: Defaulted<boolean>;
  status: Defaulted<TrunkStatus>;
  statusUpdatedAt: Date | null;
  /** The TRUNK CPS bucket; null: no trunk limit. */
  cpsLimit: ColumnType<number | null, number | null | undefined, number | null>;
}

export type InboundDestinationType = 'EXTENSION' | 'IVR' | 'QUEUE' | 'CALL_GROUP';

export interface InboundRoutesTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  didNumber: string;
  destinationType: InboundDestinationType;
  destinationNumber: string;
  description: string | null;
}

/** A number of the platform's inventory, assigned to one tenant (decision 0063). */
export interface PhoneNumbersTable {
  id: Generated<string>;
  tenantId: string;
  number: string;
  createdAt: Generated<Date>;
}

export interface IvrMenusTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  name: string;
  context: string;
  greeting: Defaulted<string>;
  promptObjectKey: string | null;
  promptSizeBytes: number | null;
  entryPositionX: number | null;
  entryPositionY: number | null;
  timeoutSeconds: Defaulted<number>;
  maxFailures: Defaulted<number>;
  failureTargetType: Defaulted<IvrTargetType>;
  failureTargetExtension: string | null;
  failureTargetQueueId: string | null;
  failureTargetMenuId: string | null;
}

export type IvrTargetType = 'EXTENSION' | 'QUEUE' | 'IVR' | 'HANGUP';

export interface IvrOptionsTable {
  id: Generated<string>;
  tenantId: string;
  menuId: string;
  digit: string;
  targetType: Defaulted<IvrTargetType>;
  targetExtension: string | null;
  targetQueueId: string | null;
  targetMenuId: string | null;
  label: string | null;
  positionX: number | null;
  positionY: number | null;
}

export type QueueStrategy =
  | 'RING_ALL'
  | 'LONGEST_IDLE_AGENT'
  | 'ROUND_ROBIN'
  | 'TOP_DOWN'
  | 'AGENT_WITH_LEAST_TALK_TIME'
  | 'AGENT_WITH_FEWEST_CALLS'
  | 'SEQUENTIALLY_BY_AGENT_ORDER'
  | 'RANDOM'
  | 'RING_PROGRESSIVELY';

export interface QueuesTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  name: string;
  strategy: Defaulted<QueueStrategy>;
  musicOnHold: Defaulted<string>;
  announceSound: string | null;
  announceFrequency: number | null;
  maxWaitTime: Defaulted<number>;
  tierRulesApply: Defaulted<boolean>;
  tierRuleWaitSecond: Defaulted<number>;
  tierRuleWaitMultiplyLevel: Defaulted<boolean>;
  tierRuleNoAgentNoWait: Defaulted<boolean>;
  discardAbandonedAfter: Defaulted<number>;
  skipAgentsWithExternalCalls: Defaulted<boolean>;
  recordingEnabled: Defaulted<boolean>;
  serviceLevelSeconds: Defaulted<number>;
  /** numeric: read as text by pg. */
  serviceLevelTarget: ColumnType<string, number | undefined, number>;
  abandonRateTarget: ColumnType<string, number | undefined, number>;
  shortAbandonSeconds: Defaulted<number>;
}

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

/** The eight agent states; LOGGED_OUT is the state after logout (and before the first login). */
export type AgentState = 'LOGGED_OUT' | 'AVAILABLE' | 'PAUSED' | 'RESERVED' | 'RINGING' | 'IN_CALL' | 'WRAP_UP' | 'ON_EXTERNAL_CALL';

export interface AgentsTable extends SoftDelete, Stamps {
  id: Generated<string>;
  tenantId: string;
  userId: string;
  extensionId: string;
  name: string | null;
  state: Defaulted<AgentState>;
  stateChangedAt: Defaulted<Date>;
  wrapUpSeconds: Defaulted<number>;
  maxNoAnswer: Defaulted<number>;
  rejectDelaySeconds: Defaulted<number>;
  busyDelaySeconds: Defaulted<number>;
  noAnswerDelaySeconds: Defaulted<number>;
}

export interface QueueTiersTable {
  tenantId: string;
  queueId: string;
  agentId: string;
  level: Defaulted<number>;
  position: Defaulted<number>;
  createdAt: CreatedAt;
}

export interface PauseReasonsTable extends Stamps {
  id: Generated<string>;
  tenantId: string;
  code: string;
  name: string;
  enabled: Defaulted<boolean>;
}

export type DispositionAction = 'NONE' | 'CALLBACK' | 'DO_NOT_CALL' | 'SUCCESS';

export interface DispositionsTable extends Stamps {
  id: Generated<string>;
  tenantId: string;
  code: string;
  name: string;
  action: Defaulted<DispositionAction>;
  enabled: Defaulted<boolean>;
}

export interface AgentSessionsTable {
  id: Generated<string>;
  tenantId: string;
  agentId: string;
  startedAt: Defaulted<Date>;
  endedAt: Date | null;
}

export interface AgentStateEventsTable {
  id: Generated<string>;
  tenantId: string;
  agentId: string;
  sessionId: string | null;
  fromState: AgentState;
  toState: AgentState;
  cause: string;
  startedAt: Defaulted<Date>;
  endedAt: Date | null;
}

export interface AgentPauseEventsTable {
  id: Generated<string>;
  tenantId: string;
  agentId: string;
  sessionId: string | null;
  pauseReasonId: string;
  startedAt: Defaulted<Date>;
  endedAt: Date | null;
}

export type SwitchConfigKind = 'directory' | 'dialplan' | 'gateways' | 'callcenter' | 'public';

export interface SwitchConfigChangesTable {
  tenantId: string;
  kind: SwitchConfigKind;
  changedAt: Defaulted<Date>;
}

export type CallDirection = 'INBOUND' | 'OUTBOUND' | 'INTERNAL';

/** A call as the switch's events built it (docs/calls.md). Times are the switch's event times. */
export interface CallsTable {
  id: string;
  tenantId: string;
  direction: CallDirection;
  callerNumber: string | null;
  callerName: string | null;
  calledNumber: string | null;
  /** The numbers' comparison keys, computed by the database (app_phone_key, GET /calls?phone=). */
  callerKey: GeneratedAlways<string | null>;
  calledKey: GeneratedAlways<string | null>;
  extensionId: string | null;
  trunkId: string | null;
  queueId: string | null;
  agentId: string | null;
  attemptId: string | null;
  campaignId: string | null;
  leadId: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  answerAt: Date | null;
  queuedAt: Date | null;
  queueLeftAt: Date | null;
  queueCause: string | null;
  queueCancelReason: string | null;
  bridgedAt: Date | null;
  endedAt: Date | null;
  ringTime: number | null;
  waitTime: number | null;
  talkTime: number | null;
  durationSeconds: number | null;
  billableSeconds: number | null;
  hangupCause: string | null;
  dispositionId: string | null;
  disposition: string | null;
  dispositionBy: string | null;
  dispositionAt: Date | null;
  updatedAt: Timestamp;
}

export interface CallLegsTable {
  id: string;
  tenantId: string;
  callId: string;
  direction: 'inbound' | 'outbound';
  channelName: string | null;
  callerNumber: string | null;
  destinationNumber: string | null;
  extensionId: string | null;
  agentId: string | null;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  answeredAt: Date | null;
  bridgedAt: Date | null;
  endedAt: Date | null;
  hangupCause: string | null;
}

export interface CallEventsTable {
  id: Generated<string>;
  tenantId: string;
  callId: string;
  legId: string | null;
  name: string;
  eventKey: string;
  occurredAt: ColumnType<Date, Date | string, Date | string>;
  headers: Json<Record<string, string>>;
}

export type RecordingStatus = 'RECORDING' | 'AVAILABLE' | 'FAILED' | 'DELETED';

export type RecordingReason = 'CAMPAIGN' | 'QUEUE' | 'DIALPLAN';

export interface RecordingsTable {
  id: Generated<string>;
  tenantId: string;
  callId: string;
  /** 1 for the call's first recording, 2 for the next (a second recorded queue), … */
  seq: Defaulted<number>;
  status: Defaulted<RecordingStatus>;
  switchPath: string | null;
  storageKey: string | null;
  /** bigint: read as text by pg, turned into a number where it leaves the repository. */
  sizeBytes: ColumnType<string | null, number | null | undefined, number | null>;
  /** numeric: read as text by pg. */
  durationSeconds: ColumnType<string | null, number | null | undefined, number | null>;
  failureReason: string | null;
  /** Which setting made the recording (decision 0082); null for recordings older than the column. */
  reason: ColumnType<RecordingReason | null, RecordingReason | null | undefined, RecordingReason | null>;
  createdAt: CreatedAt;
  storedAt: Date | null;
  retentionUntil: Date | null;
  deletedAt: Date | null;
  updatedAt: Timestamp;
}

export interface Database extends ReportTables {
  plans: PlansTable;
  tenants: TenantsTable;
  users: UsersTable;
  tenantMemberships: TenantMembershipsTable;
  authSessions: AuthSessionsTable;
  authRefreshTokens: AuthRefreshTokensTable;
  auditLog: AuditLogTable;
  dialplanRules: DialplanRulesTable;
  dialplanVersions: DialplanVersionsTable;
  extensions: ExtensionsTable;
  trunks: TrunksTable;
  inboundRoutes: InboundRoutesTable;
  phoneNumbers: PhoneNumbersTable;
  ivrMenus: IvrMenusTable;
  ivrOptions: IvrOptionsTable;
  queues: QueuesTable;
  campaigns: CampaignsTable;
  leads: LeadsTable;
  dialAttempts: DialAttemptsTable;
  campaignDialerState: CampaignDialerStateTable;
  campaignDialerSamples: CampaignDialerSamplesTable;
  listImports: ListImportsTable;
  listImportRejects: ListImportRejectsTable;
  suppressionEntries: SuppressionEntriesTable;
  agents: AgentsTable;
  queueTiers: QueueTiersTable;
  pauseReasons: PauseReasonsTable;
  dispositions: DispositionsTable;
  agentSessions: AgentSessionsTable;
  agentStateEvents: AgentStateEventsTable;
  agentPauseEvents: AgentPauseEventsTable;
  switchConfigChanges: SwitchConfigChangesTable;
  calls: CallsTable;
  callLegs: CallLegsTable;
  callEvents: CallEventsTable;
  recordings: RecordingsTable;
}
