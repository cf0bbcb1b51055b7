import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantActorOf, tenantOf } from '../../platform/auth/guard.ts';
import { errorResponses, IdParams } from '../../platform/http/schemas.ts';
import { receiveList, RejectedCsv, sendRejectedCsv } from '../list-imports/list-imports.http.ts';
import { ImportIdParams, ImportResult, ListImport } from '../list-imports/list-imports.schema.ts';
import type { SuppressionImportService } from './suppression-import.service.ts';
import type { SuppressionService } from './suppression.service.ts';
import { SuppressionCreateBody, SuppressionCreated, SuppressionDeleteBody, SuppressionDeleteQuery, SuppressionList, SuppressionQuery } from './suppression.schema.ts';
import { OPTIONAL_BODY, optionalBody } from '../../platform/http/optional-body.ts';

export const suppressionRoutes =
  (suppression: SuppressionService, imports: SuppressionImportService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const access = { tenant: true, permission: 'suppression.manage' } as const;
    const tags = ['suppression'];

    app.get('/suppression', {
      config: { access },
      schema: { tags, querystring: SuppressionQuery, response: { 200: SuppressionList, ...errorResponses(400, 401, 403) } },
      handler: (request) => suppression.list(tenantOf(request), request.query),
    });
    app.post('/suppression', {
      config: { access },
      schema: { tags, body: SuppressionCreateBody, response: { 201: SuppressionCreated, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await suppression.add(tenantActorOf(request), request.body)),
    });
    // The reason is required: it is what the audit log keeps of why the number may be called again.
    // In the body or in ?reason= (the CONTRACT): many HTTP clients send no body on DELETE.
    app.delete('/suppression/:id', {
      config: { access },
      schema: {
        tags,
        params: IdParams,
        querystring: SuppressionDeleteQuery,
        body: SuppressionDeleteBody,
        [OPTIONAL_BODY]: true,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
      preValidation: optionalBody,
      handler: async (request, reply) => {
        await suppression.remove(tenantActorOf(request), request.params.id, request.body, request.query);
        return reply.status(204).send(null);
      },
    });
    // A whole list from a file (decision 0046), streamed like a lead import; its imports read like a campaign's.
    app.post('/suppression/import', {
      config: { access },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: ImportResult, ...errorResponses(400, 401, 403) } },
      handler: (request, reply) => receiveList(request, reply, imports.limits.maxBytes, (open) => imports.importList(tenantActorOf(request), open)),
    });
    app.get('/suppression/imports', {
      config: { access },
      schema: { tags, response: { 200: Type.Array(ListImport), ...errorResponses(401, 403) } },
      handler: (request) => imports.imports(tenantOf(request)),
    });
    app.get('/suppression/imports/:importId', {
      config: { access },
      schema: { tags, params: ImportIdParams, response: { 200: ListImport, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => imports.getImport(tenantOf(request), request.params.importId),
    });
    app.get('/suppression/imports/:importId/rejected.csv', {
      config: { access },
      schema: { tags, params: ImportIdParams, response: { 200: RejectedCsv, ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => sendRejectedCsv(reply, await imports.rejectedCsv({ ...tenantActorOf(request), acceptLanguage: request.headers['accept-language'] }, request.params.importId)),
    });
  };
