import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { tenantActorOf, tenantOf } from '../../platform/auth/guard.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { openUploadedStream } from '../../platform/http/multipart.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
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
      handler: async (request, reply) => {
        // The content type is a header: checked before the campaign; the body only after it.
        if (!request.isMultipart()) {
          throw badRequest(E.FILE_REQUIRED, 'Send the list as multipart/form-data in the field "file"', [{ path: 'file', message: 'is required' }]);
        }
        try {
          const result = await imports.importLeads(tenantActorOf(request), request.params.id, () =>
            openUploadedStream(request, 'file', 'list', imports.limits.maxBytes),
          );
          return await reply.status(201).send(result);
        } catch (error) {
          // Refused before the end of the upload: the rest is never read, so the connection closes
          // after the answer (a kept-alive socket would stall on the unread body).
          if (!request.raw.complete) void reply.header('connection', 'close');
          throw error;
        }
      },
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
      schema: {
        tags,
        params: ImportParams,
        response: { 200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'text/csv: row, value, reason' }), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { stream, fileName } = await leads.rejectedCsv(tenantOf(request), request.params.id, request.params.importId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    });
  };
