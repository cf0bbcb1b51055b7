// Table shapes as Kysely sees them, one file per domain; the Database every query is typed by.
import type { AuditLogTable, AuthRefreshTokensTable, AuthSessionsTable, PlansTable, TenantMembershipsTable, TenantsTable, UsersTable } from './account-tables.ts';
import type { DialplanRulesTable, DialplanVersionsTable, ExtensionsTable, InboundRoutesTable, IvrMenusTable, IvrOptionsTable, PhoneNumbersTable, TrunksTable } from './telephony-tables.ts';
import type { AgentPauseEventsTable, AgentSessionsTable, AgentStateEventsTable, AgentsTable, DispositionsTable, PauseReasonsTable, QueueTiersTable, QueuesTable, SwitchConfigChangesTable } from './call-center-tables.ts';
import type { CampaignDialerSamplesTable, CampaignDialerStateTable, CampaignsTable, DialAttemptsTable, LeadsTable, ListImportRejectsTable, ListImportsTable, SuppressionEntriesTable } from './dialer-tables.ts';
import type { CallEventsTable, CallLegsTable, CallsTable, RecordingsTable } from './call-tables.ts';
import type { ReportTables } from './report-tables.ts';

export type * from './account-tables.ts';
export type * from './telephony-tables.ts';
export type * from './call-center-tables.ts';
export type * from './dialer-tables.ts';
export type * from './call-tables.ts';
export type * from './report-tables.ts';

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
