import { describe, expect, it } from 'vitest';
import { namedColumns } from './columns.ts';

describe('namedColumns', () => {
  it('keeps only the named fields the body carries, null included, and nothing else', () => {
    const body = { name: 'Sales', description: null, extra: undefined, tenant_id: 'x', deleted_at: '2020-01-01' } as Record<string, unknown>;
    expect(namedColumns(body, ['name', 'description', 'extra', 'missing'])).toEqual({ name: 'Sales', description: null });
  });
});
