import { describe, expect, it } from 'vitest';
import { leavesNoAdmin } from './users.service.ts';

describe('leavesNoAdmin', () => {
  it('refuses demoting or removing the last tenant admin', () => {
    expect(leavesNoAdmin({ role: 'tenant_admin' }, 'supervisor', 1)).toBe(true);
    expect(leavesNoAdmin({ role: 'tenant_admin' }, null, 1)).toBe(true);
  });
  it('allows it while another admin remains, and for other roles', () => {
    expect(leavesNoAdmin({ role: 'tenant_admin' }, 'agent', 2)).toBe(false);
    expect(leavesNoAdmin({ role: 'supervisor' }, null, 1)).toBe(false);
    expect(leavesNoAdmin({ role: 'tenant_admin' }, 'tenant_admin', 1)).toBe(false);
  });
});
