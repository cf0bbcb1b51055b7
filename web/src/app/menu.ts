import type { PermissionKey } from '@callcenter/rules/permissions';

export type MenuSection = 'platform' | 'tenant';

export interface MenuEntry {
  path: string;
  /** i18n key of the label. */
  label: string;
  section: MenuSection;
  /** The entry shows only when the token carries this key; the server enforces it regardless. */
  permission: PermissionKey;
  /** The entry hides when the token carries this key too: a fuller page takes its place. */
  hiddenWith?: PermissionKey;
}

// Console routes deliberately avoid the API prefixes (/tenants, /users, /platform…): the server
// answers those paths itself and only serves the console for unknown ones.
// The routes (app-routes.tsx) take each page's permission from its entry here, so it is written once.
export const MENU = [
  {
    path: '/admin/tenants',
    label: 'menu.tenants',
    section: 'platform',
    permission: 'platform.tenants.manage',
  },
  { path: '/admin/plans', label: 'menu.plans', section: 'platform', permission: 'platform.tenants.manage' },
  {
    path: '/admin/users',
    label: 'menu.platformUsers',
    section: 'platform',
    permission: 'platform.users.manage',
  },
  {
    path: '/admin/audit-log',
    label: 'menu.auditLog',
    section: 'platform',
    permission: 'platform.operations.view',
  },
  {
    path: '/admin/system',
    label: 'menu.system',
    section: 'platform',
    permission: 'platform.operations.view',
  },
  { path: '/tenant/wallboard', label: 'menu.wallboard', section: 'tenant', permission: 'monitoring.view' },
  { path: '/tenant/calls', label: 'menu.calls', section: 'tenant', permission: 'calls.view' },
  { path: '/tenant/reports/dashboard', label: 'menu.reportsDashboard', section: 'tenant', permission: 'reports.view' },
  { path: '/tenant/reports/queues', label: 'menu.reportsQueues', section: 'tenant', permission: 'reports.view' },
  { path: '/tenant/reports/agents', label: 'menu.reportsAgents', section: 'tenant', permission: 'reports.view' },
  { path: '/tenant/reports/campaigns', label: 'menu.reportsCampaigns', section: 'tenant', permission: 'reports.view' },
  { path: '/tenant/reports/usage', label: 'menu.reportsUsage', section: 'tenant', permission: 'reports.view' },
  // An agent's own numbers (the server narrows the agent report to them); whoever reads every
  // agent's report has the full one instead (decision 0086).
  {
    path: '/tenant/reports/me',
    label: 'menu.myReport',
    section: 'tenant',
    permission: 'calls.view_own',
    hiddenWith: 'reports.view',
  },
  { path: '/tenant/users', label: 'menu.users', section: 'tenant', permission: 'users.manage' },
  { path: '/tenant/extensions', label: 'menu.extensions', section: 'tenant', permission: 'extensions.view' },
  { path: '/tenant/trunks', label: 'menu.trunks', section: 'tenant', permission: 'trunks.view' },
  { path: '/tenant/queues', label: 'menu.queues', section: 'tenant', permission: 'queues.view' },
  { path: '/tenant/agents', label: 'menu.agents', section: 'tenant', permission: 'agents.view' },
  { path: '/tenant/campaigns', label: 'menu.campaigns', section: 'tenant', permission: 'campaigns.view' },
  { path: '/tenant/callbacks', label: 'menu.callbacks', section: 'tenant', permission: 'campaigns.view' },
  {
    path: '/tenant/suppression',
    label: 'menu.suppression',
    section: 'tenant',
    permission: 'suppression.manage',
  },
  { path: '/tenant/pause-reasons', label: 'menu.pauseReasons', section: 'tenant', permission: 'agents.view' },
  {
    path: '/tenant/dispositions',
    label: 'menu.dispositions',
    section: 'tenant',
    permission: 'dispositions.view',
  },
  {
    path: '/tenant/inbound-routes',
    label: 'menu.inboundRoutes',
    section: 'tenant',
    permission: 'freeswitch.view',
  },
  { path: '/tenant/ivr-menus', label: 'menu.ivrMenus', section: 'tenant', permission: 'freeswitch.view' },
  { path: '/tenant/dialplan', label: 'menu.dialplan', section: 'tenant', permission: 'freeswitch.view' },
  { path: '/tenant/settings', label: 'menu.settings', section: 'tenant', permission: 'settings.manage' },
  { path: '/tenant/audit-log', label: 'menu.auditLog', section: 'tenant', permission: 'settings.manage' },
] as const satisfies readonly MenuEntry[];

export type MenuPath = (typeof MENU)[number]['path'];

/**
 * Entries the token may use. Tenant pages also need a tenant in the token: a platform super admin
 * holds every key, but outside a tenant the tenant endpoints have nothing to act on.
 */
export function visibleMenu(
  session: { permissionKeys: readonly string[]; tenantId: string | null },
  entries: readonly MenuEntry[] = MENU,
): MenuEntry[] {
  const granted = new Set(session.permissionKeys);
  return entries.filter(
    (entry) =>
      granted.has(entry.permission) &&
      !(entry.hiddenWith && granted.has(entry.hiddenWith)) &&
      (entry.section !== 'tenant' || session.tenantId !== null),
  );
}
