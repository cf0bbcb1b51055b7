import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/schema.ts';
import { callConditions, parseCallFilters } from './calls.filters.ts';
import { cappedTotal, countLimit } from './calls.repo.ts';

describe('parseCallFilters', () => {
  it('turns the query into typed filters: dates, the phone key, the hangup cause in upper case', () => {
    expect(
      parseCallFilters({ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z', phone: '+55 (11) 98765-4321', hangupCause: 'normal_clearing', disposition: 'SALE' }),
    ).toEqual({ from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z'), phoneKey: '11987654321', hangupCause: 'NORMAL_CLEARING', disposition: 'SALE' });
  });

  it('refuses from after to, and a phone without a digit', () => {
    expect(() => parseCallFilters({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toThrow(/after/);
    expect(() => parseCallFilters({ phone: '+()' })).toThrow(/digit/);
  });
});

describe('callConditions', () => {
  const compiler = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const compiled = (filters: Parameters<typeof callConditions>[0]) =>
    compiler.selectFrom('calls as c').select('c.id').where(callConditions(filters)).compile();

  it('binds every value as a parameter, never in the SQL text', () => {
    const hostile = "x' OR true --";
    const query = compiled({ hangupCause: hostile, disposition: hostile, phoneKey: hostile, agentId: hostile, extensionIds: [hostile, hostile] });
    expect(query.sql).not.toContain(hostile);
    expect(query.parameters.filter((value) => value === hostile)).toHaveLength(5);
    expect(query.sql).toContain('(c.caller_key = $3 OR c.called_key = $4)');
  });

  it('is `true` without filters', () => {
    expect(compiled({}).sql).toMatch(/where true$/);
  });
});

describe('the capped total', () => {
  it('counts up to 10,000 rows past the requested page', () => {
    expect(countLimit({ page: 1, pageSize: 50 })).toBe(10_050);
    expect(countLimit({ page: 1000, pageSize: 50 })).toBe(60_000);
  });

  it('is exact up to the limit and a lower bound beyond it', () => {
    expect(cappedTotal(0, 10_050)).toEqual({ total: 0, totalExact: true });
    expect(cappedTotal(10_050, 10_050)).toEqual({ total: 10_050, totalExact: true });
    expect(cappedTotal(10_051, 10_050)).toEqual({ total: 10_050, totalExact: false });
  });
});
