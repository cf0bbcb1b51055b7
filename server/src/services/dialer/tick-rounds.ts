// Pure helpers of the tick's shape: campaigns grouped, in rounds of one per tenant, and the CPS
// buckets a round found full.
import type { BucketSpec, TakeManyResult } from '../../platform/coordination/coordination.ts';

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Pure: the campaigns in rounds, each round at most one campaign per tenant, in the given order otherwise. */
export function tenantRounds<T extends { tenantId: string }>(campaigns: readonly T[]): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const campaign of campaigns) {
    const index = seen.get(campaign.tenantId) ?? 0;
    seen.set(campaign.tenantId, index + 1);
    (rounds[index] ??= []).push(campaign);
  }
  return rounds;
}

/**
 * The CPS buckets known full, with the window second they are full in (a level that limited a grant
 * has nothing left in that window). A tick's later rounds skip asking for campaigns behind one.
 */
export type FullBuckets = Map<string, number>;

const bucketId = (spec: BucketSpec) => `${spec.level}:${spec.key}`;

/** Pure: notes the level that limited a grant as full in the grant's window. */
export function noteFull(full: FullBuckets, buckets: readonly BucketSpec[], result: TakeManyResult): void {
  const spec = result.exhausted ? buckets.find((bucket) => bucket.level === result.exhausted) : undefined;
  if (spec) full.set(bucketId(spec), result.windowSecond);
}

/**
 * Pure: whether a request surely gets no token: one of its buckets is full in the window of this
 * very second. The window is Redis' second and `nowSecond` the process's: only equal seconds count,
 * so a clock off by more than a second never skips, and one off by less skips at most that much of
 * the next window: fewer calls then, never more.
 */
export function surelyFull(full: FullBuckets, buckets: readonly BucketSpec[], nowSecond: number): boolean {
  return full.size > 0 && buckets.some((bucket) => full.get(bucketId(bucket)) === nowSecond);
}
