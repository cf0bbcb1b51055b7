import type { CampaignReport } from '@callcenter/rules/reports/shapes';
import { describe, expect, it } from 'vitest';
import { agentSummary, campaignSummary, meetsTarget, queueSummary } from './report-summary.ts';
import { agentMetrics, agentReport, campaignMetrics, campaignReport, queueEntry, queueMetrics, queueReport } from './report-fixtures.ts';

const byId = <T extends { id: string }>(tiles: T[]) => Object.fromEntries(tiles.map((tile) => [tile.id, tile]));

describe('meetsTarget', () => {
  it('reads a service level as a floor and an abandon rate as a ceiling', () => {
    expect(meetsTarget(0.8, 0.8, 'atLeast')).toBe(true);
    expect(meetsTarget(0.799, 0.8, 'atLeast')).toBe(false);
    expect(meetsTarget(0.05, 0.05, 'atMost')).toBe(true);
    expect(meetsTarget(0.0501, 0.05, 'atMost')).toBe(false);
  });

  it('has nothing to judge in a rate of no calls', () => {
    expect(meetsTarget(null, 0.8, 'atLeast')).toBeNull();
  });
});

describe('queueSummary', () => {
  const totals = queueMetrics({ offered: 10, answered: 8, serviceLevel: 0.79996, abandonRate: 0.1, averageWaitSeconds: 12.6, averageHandleSeconds: 95.2 });

  it('gives the totals in the order asked, rounded as the table rounds them', () => {
    const tiles = queueSummary(queueReport({ totals, queues: [queueEntry('A', totals)] }));
    expect(tiles.map((tile) => [tile.id, tile.value])).toEqual([
      ['offered', 10],
      ['answered', 8],
      ['serviceLevel', 0.8],
      ['abandonRate', 0.1],
      ['averageWait', 13],
      ['averageHandle', 95],
    ]);
    expect(tiles[0]!.label).toBe('reports.columns.offered');
  });

  it('judges the shown value against the shared targets: 80.0 % shown meets 80 %, 10 % misses a 5 % limit', () => {
    const tiles = byId(queueSummary(queueReport({ totals, queues: [queueEntry('A', totals), queueEntry('B', totals)] })));
    expect(tiles.serviceLevel!.target).toEqual({ value: 0.8, sense: 'atLeast', met: true });
    expect(tiles.abandonRate!.target).toEqual({ value: 0.05, sense: 'atMost', met: false });
    expect(tiles.offered!.target).toBeUndefined();
  });

  it('judges nothing against targets the queues do not share', () => {
    const queues = [queueEntry('A', totals), queueEntry('B', totals, { serviceLevelTarget: 0.9, abandonRateTarget: 0.03 })];
    const tiles = byId(queueSummary(queueReport({ totals, queues })));
    expect(tiles.serviceLevel!.target).toBeUndefined();
    expect(tiles.abandonRate!.target).toBeUndefined();
  });

  it('keeps an empty rate null, with its target unjudged', () => {
    const empty = queueMetrics();
    const tiles = byId(queueSummary(queueReport({ totals: empty, queues: [queueEntry('A', empty)] })));
    expect(tiles.serviceLevel!.value).toBeNull();
    expect(tiles.serviceLevel!.target?.met).toBeNull();
  });
});

describe('agentSummary', () => {
  it('gives logged time, occupancy, utilization, answered and missed', () => {
    const report = { ...agentReport([]), totals: agentMetrics({ loggedSeconds: 3600.4, occupancy: 0.61234, utilization: 0.5, answered: 7, missed: 2 }) };
    expect(agentSummary(report).map((tile) => [tile.id, tile.kind, tile.value])).toEqual([
      ['logged', 'seconds', 3600],
      ['occupancy', 'share', 0.6123],
      ['utilization', 'share', 0.5],
      ['answered', 'count', 7],
      ['missed', 'count', 2],
    ]);
  });
});

describe('campaignSummary', () => {
  const line = (campaignId: string, abandonTarget: number): CampaignReport['campaigns'][number] => ({
    campaignId,
    name: campaignId,
    abandonTarget,
    leads: { READY: 0, CALLBACK: 0, DO_NOT_CALL: 0, COMPLETED: 0, EXHAUSTED: 0 },
    metrics: campaignMetrics(),
    dispositions: [],
    dialer: [],
  });

  it('gives attempts, contact, connect and abandon rates and conversions; no campaign, no target', () => {
    const totals = campaignMetrics({ attempts: 12, contactRate: 0.5, connectRate: 0.75, abandonRate: 0.02, conversions: 3 });
    const tiles = campaignSummary(campaignReport([], totals));
    expect(tiles.map((tile) => [tile.id, tile.value])).toEqual([
      ['attempts', 12],
      ['contactRate', 0.5],
      ['connectRate', 0.75],
      ['abandonRate', 0.02],
      ['conversions', 3],
    ]);
    expect(tiles.every((tile) => tile.target === undefined)).toBe(true);
  });

  it('judges the abandon rate against the campaigns’ ceiling when they share one', () => {
    const totals = campaignMetrics({ attempts: 100, abandonRate: 0.04 });
    expect(byId(campaignSummary(campaignReport([line('a', 0.03), line('b', 0.03)], totals))).abandonRate!.target).toEqual({ value: 0.03, sense: 'atMost', met: false });
    expect(byId(campaignSummary(campaignReport([line('a', 0.05)], totals))).abandonRate!.target).toEqual({ value: 0.05, sense: 'atMost', met: true });
    expect(byId(campaignSummary(campaignReport([line('a', 0.03), line('b', 0.05)], totals))).abandonRate!.target).toBeUndefined();
  });
});
