import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantActorOf, tenantOf } from '../../platform/auth/guard.ts';
import { errorResponses, IdParams } from '../../platform/http/schemas.ts';
import type { SuppressionService } from './suppression.service.ts';
import { SuppressionCreateBody, SuppressionCreated, SuppressionDeleteBody, SuppressionList, SuppressionQuery } from './suppression.schema.ts';

export const suppressionRoutes =
  (suppression: SuppressionService): FastifyPluginAsync =>
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
    app.delete('/suppression/:id', {
      config: { access },
      schema: { tags, params: IdParams, body: SuppressionDeleteBody, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await suppression.remove(tenantActorOf(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    });
  };
