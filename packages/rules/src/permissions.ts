// The permission catalog: the one source that system roles, route guards and the console menu read.
// Pure data with no Node imports, so the web console imports this file as it is.

export type PermissionScope = 'PLATFORM' | 'TENANT';

export const PERMISSIONS = {
  // Platform administration (PLATFORM scope)
  'platform.tenants.manage': { scope: 'PLATFORM', description: 'Tenants, plans, quotas and tenant billing' },
  'platform.users.manage': { scope: 'PLATFORM', description: 'Users across tenants, enable and disable' },
  'platform.operations.view': {
    scope: 'PLATFORM',
    description: 'Audit log, health, system flags, roles, switch introspection, platform usage',
  },

  // Tenant administration
  'users.manage': { scope: 'TENANT', description: 'List, invite, change the role of and remove tenant members' },
  // The tenant's audit log rides on settings.manage: the seed spec fixes the role sizes at 33/30/17/2.
  'settings.manage': { scope: 'TENANT', description: "Edit the tenant settings (name, time zone, language); see the tenant's audit log" },

  // Telephony
  'extensions.view': { scope: 'TENANT', description: 'See extensions and their registration state' },
  'extensions.manage': { scope: 'TENANT', description: 'Create, edit, delete extensions and reset their passwords' },
  'extensions.reveal_password': { scope: 'TENANT', description: 'Reveal an extension SIP password (audited)' },
  'trunks.view': { scope: 'TENANT', description: 'See trunks and their status' },
  'trunks.manage': { scope: 'TENANT', description: 'Create and delete trunks' },
  'freeswitch.view': { scope: 'TENANT', description: 'See dialplan rules, versions, inbound routes and IVR menus' },
  'freeswitch.configure': {
    scope: 'TENANT',
    description: 'Edit dialplan rules, generate and activate versions, edit inbound routes',
  },
  'ivr.manage': { scope: 'TENANT', description: 'Create, edit and delete IVR menus and their prompts' },
  'queues.view': { scope: 'TENANT', description: 'See queues and their agents' },
  'queues.manage': { scope: 'TENANT', description: 'Create, edit, delete queues and assign agents to them' },

  // Call center
  'agents.view': { scope: 'TENANT', description: 'See agents and their state' },
  'agents.manage': { scope: 'TENANT', description: 'Create, edit, delete agents; set any call disposition' },
  'pause_reasons.manage': { scope: 'TENANT', description: 'Edit the pause reasons list' },
  'dispositions.view': { scope: 'TENANT', description: 'See the dispositions list (to classify a call)' },
  'dispositions.manage': { scope: 'TENANT', description: 'Edit the dispositions list' },
  'campaigns.view': { scope: 'TENANT', description: 'See campaigns, their leads, statistics and callbacks' },
  'campaigns.manage': { scope: 'TENANT', description: 'Create, edit, delete, start, pause, drain and stop campaigns; upload their abandon message' },
  'campaigns.update': { scope: 'TENANT', description: 'Reschedule, requeue or cancel callbacks' },
  'leads.import': { scope: 'TENANT', description: 'Import leads from CSV files' },
  'suppression.manage': { scope: 'TENANT', description: 'See and edit the suppression list' },

  // Records and reports
  'calls.view': { scope: 'TENANT', description: 'See every call record of the tenant' },
  'calls.view_own': { scope: 'TENANT', description: 'See the call records of calls one answered as an agent, and one’s own agent report' },
  'recordings.view': { scope: 'TENANT', description: 'See recordings and listen to them' },
  'reports.view': { scope: 'TENANT', description: 'Queue, agent, campaign, dashboard and usage reports' },
  'monitoring.view': { scope: 'TENANT', description: 'Live monitoring: realtime events and registration stream' },

  // AI and billing
  'ai.view': { scope: 'TENANT', description: 'See transcriptions, analyses, evaluations and the AI dashboard' },
  'ai.manage': { scope: 'TENANT', description: 'Manage AI providers, models, prompt templates, scorecards and jobs' },
  'billing.view': { scope: 'TENANT', description: "See the tenant's billing periods, statements and consumption" },
} as const satisfies Record<string, { scope: PermissionScope; description: string }>;

export type PermissionKey = keyof typeof PERMISSIONS;

export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

const TENANT_KEYS = PERMISSION_KEYS.filter((key) => PERMISSIONS[key].scope === 'TENANT');

export type RoleName = 'platform_super_admin' | 'tenant_admin' | 'supervisor' | 'agent';
export type TenantRoleName = Exclude<RoleName, 'platform_super_admin'>;

export interface RoleDefinition {
  name: RoleName;
  scope: PermissionScope;
  permissions: readonly PermissionKey[];
}

export const ROLES: Record<RoleName, RoleDefinition> = {
  platform_super_admin: { name: 'platform_super_admin', scope: 'PLATFORM', permissions: PERMISSION_KEYS },
  tenant_admin: { name: 'tenant_admin', scope: 'TENANT', permissions: TENANT_KEYS },
  supervisor: {
    name: 'supervisor',
    scope: 'TENANT',
    permissions: [
      'monitoring.view',
      'extensions.view',
      'agents.view',
      'agents.manage',
      'queues.view',
      'queues.manage',
      'campaigns.view',
      'campaigns.manage',
      'campaigns.update',
      'leads.import',
      'suppression.manage',
      'calls.view',
      'calls.view_own',
      'recordings.view',
      'reports.view',
      'dispositions.view',
      'ai.view',
    ],
  },
  agent: { name: 'agent', scope: 'TENANT', permissions: ['dispositions.view', 'calls.view_own'] },
};

export const TENANT_ROLE_NAMES: readonly TenantRoleName[] = ['tenant_admin', 'supervisor', 'agent'];

export function isTenantRole(value: string): value is TenantRoleName {
  return (TENANT_ROLE_NAMES as readonly string[]).includes(value);
}

/** A token's permissions: its platform role's keys plus, inside a tenant, its membership role's keys. */
export function permissionsFor(platformRole: RoleName | null, tenantRole: TenantRoleName | null): PermissionKey[] {
  const keys = new Set<PermissionKey>();
  if (platformRole) for (const key of ROLES[platformRole].permissions) keys.add(key);
  if (tenantRole) for (const key of ROLES[tenantRole].permissions) keys.add(key);
  return PERMISSION_KEYS.filter((key) => keys.has(key));
}
