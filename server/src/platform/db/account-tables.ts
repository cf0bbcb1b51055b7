// Accounts: plans, tenants, users, memberships, sessions and the audit log.
import type { ColumnType, Generated } from 'kysely';
import type { ServiceLevelFormula } from '@callcenter/rules/reports/metrics';
import type { Timestamp, CreatedAt, Json } from './column-types.ts';

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
