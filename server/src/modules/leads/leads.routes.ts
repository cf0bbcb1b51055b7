import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantActorOf, tenantOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { receiveList, RejectedCsv, sendRejectedCsv } from '../list-imports/list-imports.http.ts';
import type { LeadImportService } from './lead-import.service.ts';
import type { LeadsService } from './leads.service.ts';
import { CampaignParams, ImportParams, ImportResult, LeadList, LeadsQuery, ListImport } from './leads.schema.ts';

export const leadsRoutes =
  (leads: LeadsService, imports: LeadImportService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const read = { tenant: true, permission: 'campaigns.view' } as const;
    // The catalog's own key for it (a supervisor may load lists without editing campaigns).
    const write = { tenant: true, permission: 'leads.import' } as const;
    const tags = ['campaigns'];

    app.post('/campaigns/:id/leads/import', {
      config: { access: write },
      schema: { tags, params: CampaignParams, consumes: ['multipart/form-data'], response: { 201: ImportResult, ...errorResponses(400, 401, 403, 404) } },
      handler: (request, reply) =>
        receiveList(request, reply, imports.limits.maxBytes, (open) => imports.importLeads(tenantActorOf(request), request.params.id, open)),
    });
    app.get('/campaigns/:id/leads', {
      config: { access: read },
      schema: { tags, params: CampaignParams, querystring: LeadsQuery, response: { 200: LeadList, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => leads.list(tenantOf(request), request.params.id, request.query),
    });
    app.get('/campaigns/:id/imports', {
      config: { access: read },
      schema: { tags, params: CampaignParams, response: { 200: Type.Array(ListImport), ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => leads.imports(tenantOf(request), request.params.id),
    });
    app.get('/campaigns/:id/imports/:importId', {
      config: { access: read },
      schema: { tags, params: ImportParams, response: { 200: ListImport, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => leads.getImport(tenantOf(request), request.params.id, request.params.importId),
    });
    app.get('/campaigns/:id/imports/:importId/rejected.csv', {
      config: { access: read },
      schema: { tags, params: ImportParams, response: { 200: RejectedCsv, ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => sendRejectedCsv(reply, await leads.rejectedCsv({ ...tenantActorOf(request), acceptLanguage: request.headers['accept-language'] }, request.params.id, request.params.importId)),
    });
  };
