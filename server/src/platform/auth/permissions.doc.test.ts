// The operator-facing catalog in docs/ must say what the code enforces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, PERMISSION_KEYS, ROLES, type RoleName } from '@callcenter/rules/permissions';

const ROLE_ORDER: RoleName[] = ['platform_super_admin', 'tenant_admin', 'supervisor', 'agent'];

function catalogTable(): string {
  const rows = PERMISSION_KEYS.map((key) => {
    const marks = ROLE_ORDER.map((role) => (ROLES[role].permissions.includes(key) ? '✓' : '')).join(' | ');
    return `| \`${key}\` | ${PERMISSIONS[key].scope} | ${PERMISSIONS[key].description} | ${marks} |`;
  });
  const totals = ROLE_ORDER.map((role) => ROLES[role].permissions.length).join(' | ');
  return [
    `| key | scope | guards | ${ROLE_ORDER.join(' | ')} |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
    `| **total** | | | ${totals} |`,
  ].join('\n');
}

describe('docs/permissions.md', () => {
  it('shows exactly the catalog and role assignments of the code', () => {
    const doc = readFileSync(new URL('../../../../docs/permissions.md', import.meta.url), 'utf8');
    const table = doc.split('<!-- catalog:start -->')[1]?.split('<!-- catalog:end -->')[0]?.trim();
    expect(table).toBe(catalogTable());
  });
});
