// Pure: what a campaign's row means for the dialer's rules: its calling-hour rules and its CPS levels.
import type { BucketSpec } from '../../platform/coordination/coordination.ts';
import { STATE_POLICIES, type CallingRules, type StatePolicyId } from '../../modules/dialer/calling-hours.ts';
import type { CampaignSnapshot } from './dialer.repo.ts';

/** The campaign's calling-hour rules (policy ids the code does not know are ignored, never guessed). */
export function callingRulesOf(campaign: Pick<CampaignSnapshot, 'timezone' | 'schedule' | 'callingPolicies'>): CallingRules {
  const policies = campaign.callingPolicies.filter((id): id is StatePolicyId => Object.hasOwn(STATE_POLICIES, id));
  return { timezone: campaign.timezone, schedule: campaign.schedule, policies };
}

/** The four CPS levels of one campaign's call; a level with no limit set is left out. */
export function cpsBuckets(campaign: Pick<CampaignSnapshot, 'tenantId' | 'trunkId' | 'id' | 'planMaxCps' | 'trunkCpsLimit' | 'cpsLimit'>, globalCps: number): BucketSpec[] {
  const buckets: BucketSpec[] = [{ level: 'GLOBAL', key: 'global', capacity: globalCps }];
  if (campaign.planMaxCps !== null) buckets.push({ level: 'TENANT', key: campaign.tenantId, capacity: campaign.planMaxCps });
  if (campaign.trunkCpsLimit !== null) buckets.push({ level: 'TRUNK', key: campaign.trunkId, capacity: campaign.trunkCpsLimit });
  if (campaign.cpsLimit !== null) buckets.push({ level: 'CAMPAIGN', key: campaign.id, capacity: campaign.cpsLimit });
  return buckets;
}
