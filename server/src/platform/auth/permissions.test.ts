import { describe, expect, it } from 'vitest';
import { PERMISSIONS, PERMISSION_KEYS, ROLES, permissionsFor } from '@callcenter/rules/permissions';

describe('permission catalog', () => {
  it('gives the system roles exactly 33, 30, 17 and 2 permissions', () => {
    expect(ROLES.platform_super_admin.permissions).toHaveLength(33);
    expect(ROLES.tenant_admin.permissions).toHaveLength(30);
    expect(ROLES.supervisor.permissions).toHaveLength(17);
    expect(ROLES.agent.permissions).toHaveLength(2);
  });

  it('contains every key the specification names', () => {
    const named = [
      'monitoring.view', 'users.manage', 'agents.view', 'agents.manage', 'campaigns.view', 'campaigns.update',
      'queues.view', 'queues.manage', 'freeswitch.view', 'freeswitch.configure', 'ai.manage',
    ];
    for (const key of named) expect(PERMISSION_KEYS).toContain(key);
  });

  it('keeps tenant roles inside TENANT scope and without duplicates', () => {
    for (const role of [ROLES.tenant_admin, ROLES.supervisor, ROLES.agent]) {
      expect(new Set(role.permissions).size).toBe(role.permissions.length);
      for (const key of role.permissions) expect(PERMISSIONS[key].scope).toBe('TENANT');
    }
  });

  it('gives an agent no agents.view', () => {
    expect(ROLES.agent.permissions).not.toContain('agents.view');
  });

  it('derives a token permission set from its platform and tenant roles', () => {
    expect(permissionsFor(null, 'agent')).toEqual(['dispositions.view', 'calls.view_own']);
    expect(permissionsFor(null, null)).toEqual([]);
    expect(permissionsFor('platform_super_admin', null)).toHaveLength(33);
  });
});
