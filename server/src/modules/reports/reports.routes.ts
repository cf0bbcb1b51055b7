// GET /reports/*: thin routes over the reporting core (docs/reports.md).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AgentReportSchema,
  CampaignReportSchema,
  ConsumptionSchema,
  DashboardSchema,
  QueueReportSchema,
  ReportQuerySchema,
} from '@callcenter/rules/reports/shapes';
import { requireAuth, tenantOf, type AccessRule } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { ReportsService, ReportViewer } from './reports.service.ts';

const viewerOf = (request: FastifyRequest): ReportViewer => {
  const auth = requireAuth(request);
  return { tenantId: tenantOf(request), userId: auth.userId, seesAll: auth.permissions.has('reports.view') };
};

export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const view: AccessRule = { tenant: true, permission: 'reports.view' };
    const tags = ['reports'];
    const errors = errorResponses(400, 401, 403);

    app.get('/reports/queues', {
      config: { access: view },
      schema: { tags, querystring: ReportQuerySchema, response: { 200: QueueReportSchema, ...errors } },
      handler: (request) => reports.queues(tenantOf(request), request.query),
    });
    // An agent without reports.view reads its own numbers (the service narrows and refuses others).
    app.get('/reports/agents', {
      config: { access: { tenant: true, permission: ['reports.view', 'calls.view_own'] } },
      schema: { tags, querystring: ReportQuerySchema, response: { 200: AgentReportSchema, ...errors } },
      handler: (request) => reports.agents(viewerOf(request), request.query),
    });
    app.get('/reports/campaigns', {
      config: { access: view },
      schema: { tags, querystring: ReportQuerySchema, response: { 200: CampaignReportSchema, ...errors } },
      handler: (request) => reports.campaigns(tenantOf(request), request.query),
    });
    app.get('/reports/dashboard', {
      config: { access: view },
      schema: { tags, response: { 200: DashboardSchema, ...errorResponses(401, 403) } },
      handler: (request) => reports.dashboard(tenantOf(request)),
    });
    app.get('/reports/consumo', {
      config: { access: view },
      schema: { tags, response: { 200: ConsumptionSchema, ...errorResponses(401, 403) } },
      handler: (request) => reports.consumption(tenantOf(request)),
    });
  };
