import { describe, expect, it } from 'vitest';
import type { Consumption } from '@callcenter/rules/reports/shapes';
import { barFill, meterRows } from './usage.view.ts';

const consumption = (meters: Partial<Consumption['meters']>): Consumption => ({
  month: '2026-11',
  timezone: 'America/Sao_Paulo',
  from: '2026-11-01T03:00:00.000Z',
  to: '2026-12-01T03:00:00.000Z',
  meters: {
    calls: { used: 0, limit: null },
    minutes: { used: 0, limit: null },
    activeDays: { used: 0, limit: null },
    recordingStorageGb: { used: 0, limit: null },
    aiTokens: { used: null, limit: null },
    ...meters,
  },
});

describe('meterRows', () => {
  it('gives every meter in a fixed order with its share of the limit', () => {
    const rows = meterRows(consumption({ calls: { used: 750, limit: 1000 }, recordingStorageGb: { used: 2.5, limit: 10 } }));
    expect(rows.map((row) => row.key)).toEqual(['calls', 'minutes', 'activeDays', 'recordingStorageGb', 'aiTokens']);
    expect(rows[0]).toEqual({ key: 'calls', used: 750, limit: 1000, share: 0.75, over: false });
    expect(rows[3]!.share).toBe(0.25);
  });

  it('has no share without a limit or while nothing measures the meter', () => {
    const rows = meterRows(consumption({}));
    expect(rows.find((row) => row.key === 'minutes')).toMatchObject({ share: null, over: false });
    expect(rows.find((row) => row.key === 'aiTokens')).toMatchObject({ used: null, share: null });
  });

  it('says when a meter is over its limit, a zero limit included', () => {
    const rows = meterRows(consumption({ calls: { used: 1200, limit: 1000 }, activeDays: { used: 1, limit: 0 } }));
    expect(rows[0]).toMatchObject({ share: 1.2, over: true });
    expect(rows[2]).toMatchObject({ over: true });
  });
});

describe('barFill', () => {
  it('fills the bar up to its end, never past it', () => {
    expect(barFill(0.4)).toBe(0.4);
    expect(barFill(1.2)).toBe(1);
    expect(barFill(Infinity)).toBe(1);
    expect(barFill(null)).toBe(0);
  });
});
