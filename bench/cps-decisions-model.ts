// The CPS bench's world, the same in the bench and its load processes: tenants with two trunks and
// a few campaigns each, every campaign's four buckets and capacities derived from its index.
import type { BucketSpec } from '../server/src/platform/coordination/index.ts';

export interface CpsModel {
  tenants: number;
  campaignsPerTenant: number;
  trunksPerTenant: number;
  globalCapacity: number;
}

/** Spread 1..n over a range without randomness, so every process derives the same capacities. */
const spread = (index: number, from: number, to: number) => from + ((index * 7919) % (to - from + 1));

/** The four buckets a call of campaign `campaign` takes from, in the dialer's order. */
export function campaignBuckets(model: CpsModel, campaign: number): BucketSpec[] {
  const tenant = Math.floor(campaign / model.campaignsPerTenant);
  const trunk = tenant * model.trunksPerTenant + (campaign % model.trunksPerTenant);
  return [
    { level: 'GLOBAL', key: 'global', capacity: model.globalCapacity },
    { level: 'TENANT', key: `t${tenant}`, capacity: spread(tenant, 4, 12) },
    { level: 'TRUNK', key: `k${trunk}`, capacity: spread(trunk, 3, 8) },
    { level: 'CAMPAIGN', key: `c${campaign}`, capacity: spread(campaign, 2, 6) },
  ];
}

export const campaignCount = (model: CpsModel) => model.tenants * model.campaignsPerTenant;

/** What a load process reports: counts, and the grants per campaign per window for the audit. */
export interface WorkerReport {
  calls: number;
  /** Tokens decided: 1 per takeTokens call, the count asked per takeTokensMany call. */
  decisions: number;
  granted: number;
  failures: number;
  refusedBy: Record<string, number>;
  seconds: number;
  /**
   * takeTokensMany: "campaign:second" → tokens granted in that Redis window (exact).
   * takeTokens: "campaign:first:last" → grants whose window lies between the seconds the call was
   * sent and answered (Redis' clock and ours are the same machine's clock).
   */
  ledger: Record<string, number>;
}
