// Pure: which leads the dialer takes first. Due callbacks (earliest due first), then fresh leads
// (never attempted, oldest first), then due retries (earliest due first). Leads not due, and leads
// in any other status, are not dialable.
import type { LeadStatus } from '../../platform/db/schema.ts';

export interface OrderableLead {
  id: string;
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
}

/** Dialable now: READY with no time or a past one, or CALLBACK whose time has come. */
export function isDialable(lead: OrderableLead, now: Date): boolean {
  if (lead.status === 'READY') return lead.nextAttemptAt === null || lead.nextAttemptAt.getTime() <= now.getTime();
  if (lead.status === 'CALLBACK') return lead.nextAttemptAt !== null && lead.nextAttemptAt.getTime() <= now.getTime();
  return false;
}

const rank = (lead: OrderableLead) => (lead.status === 'CALLBACK' ? 0 : lead.attempts === 0 && lead.nextAttemptAt === null ? 1 : 2);
const time = (date: Date | null) => (date === null ? 0 : date.getTime());

/** Comparator for dialable leads (callbacks, fresh, retries; ties by time, then id for a stable order). */
export function compareLeads(a: OrderableLead, b: OrderableLead): number {
  return (
    rank(a) - rank(b) ||
    (rank(a) === 1 ? a.createdAt.getTime() - b.createdAt.getTime() : time(a.nextAttemptAt) - time(b.nextAttemptAt)) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The next `count` leads to dial, among those that may be called now (`callable`, e.g. calling hours). */
export function selectLeads<T extends OrderableLead>(leads: readonly T[], count: number, now: Date, callable: (lead: T) => boolean = () => true): T[] {
  if (count <= 0) return [];
  return leads.filter((lead) => isDialable(lead, now) && callable(lead)).sort(compareLeads).slice(0, count);
}
