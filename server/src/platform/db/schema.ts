// Table shapes as Kysely sees them (CamelCasePlugin maps snake_case columns to these names).
import type { ColumnType, Generated } from 'kysely';

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

export interface Database {
  plans: PlansTable;
  tenants: TenantsTable;
  users: UsersTable;
  tenantMemberships: TenantMembershipsTable;
  authSessions: AuthSessionsTable;
  authRefreshTokens: AuthRefreshTokensTable;
  auditLog: AuditLogTable;
  dialplanRules: DialplanRulesTable;
  dialplanVersions: DialplanVersionsTable;
}
