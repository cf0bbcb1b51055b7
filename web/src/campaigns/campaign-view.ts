// Pure: what the campaign page draws from its figures.
import { LEAD_STATUSES, type LeadStatus } from './campaigns.api.ts';

export interface LeadShare {
  status: LeadStatus;
  count: number;
  /** 0..1 of all leads. */
  share: number;
}

/** Leads by status in a fixed order, statuses with none left out. */
export function leadShares(leads: Partial<Record<LeadStatus, number>>): LeadShare[] {
  const total = LEAD_STATUSES.reduce((sum, status) => sum + (leads[status] ?? 0), 0);
  if (total === 0) return [];
  return LEAD_STATUSES.filter((status) => (leads[status] ?? 0) > 0).map((status) => ({
    status,
    count: leads[status] ?? 0,
    share: (leads[status] ?? 0) / total,
  }));
}
