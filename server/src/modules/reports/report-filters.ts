// What a report is narrowed to: a queue, an agent, a campaign (each the tenant's own, by RLS).
export interface ReportFilters {
  queueId?: string;
  agentId?: string;
  campaignId?: string;
}
