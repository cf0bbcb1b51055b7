import { describe, expect, it } from 'vitest';
import { ROLES, permissionsFor } from '@callcenter/rules/permissions';
import { MENU, visibleMenu } from './menu.ts';

describe('visibleMenu', () => {
  const tenantId = 'a3c4e2d0-0000-4000-8000-000000000001';

  it('gives a tenant admin only tenant entries', () => {
    const entries = visibleMenu({ permissionKeys: permissionsFor(null, 'tenant_admin'), tenantId });
    expect(entries.map((entry) => entry.section)).not.toContain('platform');
    expect(entries.map((entry) => entry.path)).toEqual([
      '/tenant/wallboard',
      '/tenant/calls',
      '/tenant/reports/dashboard',
      '/tenant/reports/queues',
      '/tenant/reports/agents',
      '/tenant/reports/campaigns',
      '/tenant/reports/usage',
      '/tenant/users',
      '/tenant/extensions',
      '/tenant/trunks',
      '/tenant/queues',
      '/tenant/agents',
      '/tenant/campaigns',
      '/tenant/callbacks',
      '/tenant/suppression',
      '/tenant/pause-reasons',
      '/tenant/dispositions',
      '/tenant/inbound-routes',
      '/tenant/ivr-menus',
      '/tenant/dialplan',
      '/tenant/settings',
      '/tenant/audit-log',
    ]);
  });

  it('gives an agent the dispositions list, to read, and only their own report', () => {
    const entries = visibleMenu({ permissionKeys: ROLES.agent.permissions, tenantId });
    expect(entries.map((entry) => entry.path)).toEqual(['/tenant/reports/me', '/tenant/dispositions']);
  });

  it('gives a supervisor the reports, and not "My report" beside the full agent report', () => {
    const paths = visibleMenu({ permissionKeys: ROLES.supervisor.permissions, tenantId }).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/tenant/reports/dashboard', '/tenant/reports/queues', '/tenant/reports/agents', '/tenant/reports/campaigns', '/tenant/reports/usage']));
    expect(paths).not.toContain('/tenant/reports/me');
  });

  it('gives a platform super admin outside any tenant only the platform entries', () => {
    const entries = visibleMenu({
      permissionKeys: permissionsFor('platform_super_admin', null),
      tenantId: null,
    });
    expect(entries).toEqual(MENU.filter((entry) => entry.section === 'platform'));
  });

  it('gives a platform super admin inside a tenant every entry but those a fuller one replaces', () => {
    const permissionKeys = permissionsFor('platform_super_admin', 'tenant_admin');
    expect(visibleMenu({ permissionKeys, tenantId })).toEqual(MENU.filter((entry) => !('hiddenWith' in entry)));
  });

  it('gates platform entries on platform keys', () => {
    for (const entry of MENU.filter((item) => item.section === 'platform')) {
      expect(entry.permission.startsWith('platform.')).toBe(true);
    }
  });
});
