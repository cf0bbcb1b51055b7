import { describe, expect, it } from 'vitest';
import { leavesNoPlatformAdmin } from './platform.service.ts';

describe('leavesNoPlatformAdmin', () => {
  it('refuses only when the target is the one active super admin left', () => {
    expect(leavesNoPlatformAdmin({ id: 'a' }, ['a'])).toBe(true);
    expect(leavesNoPlatformAdmin({ id: 'a' }, ['a', 'b'])).toBe(false);
    // Not an active super admin (a tenant user, or already disabled): nothing to keep.
    expect(leavesNoPlatformAdmin({ id: 'x' }, ['a'])).toBe(false);
    expect(leavesNoPlatformAdmin({ id: 'x' }, [])).toBe(false);
  });
});
