import type {
  AgentReport,
  CampaignReport,
  Consumption,
  Dashboard,
  QueueReport,
  ReportQuery,
} from '@callcenter/rules/reports/shapes';
import { api } from '../app/api-client.ts';
import { queryString } from '../app/query-string.ts';

export type ReportKind = 'queues' | 'agents' | 'campaigns';

export interface ReportAnswers {
  queues: QueueReport;
  agents: AgentReport;
  campaigns: CampaignReport;
}

export const reportKey = (tenantId: string | null, kind: ReportKind, query: ReportQuery) =>
  ['reports', kind, tenantId, query] as const;
export const dashboardKey = (tenantId: string | null) => ['reports', 'dashboard', tenantId] as const;
export const consumptionKey = (tenantId: string | null) => ['reports', 'consumo', tenantId] as const;

const withQuery = (path: string, query: ReportQuery) => {
  const text = queryString({ ...query });
  return text ? `${path}?${text}` : path;
};

export const reportsApi = {
  report: <Kind extends ReportKind>(kind: Kind, query: ReportQuery) =>
    api<ReportAnswers[Kind]>(withQuery(`/reports/${kind}`, query)),
  dashboard: () => api<Dashboard>('/reports/dashboard'),
  consumption: () => api<Consumption>('/reports/consumo'),
};
