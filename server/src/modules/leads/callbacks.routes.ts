import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantActorOf, tenantOf } from '../../platform/auth/guard.ts';
import { errorResponses, IdParams } from '../../platform/http/schemas.ts';
import type { CallbacksService } from './callbacks.service.ts';
import { CallbackLead, CallbackPatchBody } from './callbacks.schema.ts';

export const callbacksRoutes =
  (callbacks: CallbacksService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['campaigns'];

    app.get('/leads/callbacks', {
      config: { access: { tenant: true, permission: 'campaigns.view' } },
      schema: { tags, response: { 200: Type.Array(CallbackLead), ...errorResponses(401, 403) } },
      handler: (request) => callbacks.list(tenantOf(request)),
    });
    app.patch('/leads/callbacks/:id', {
      config: { access: { tenant: true, permission: 'campaigns.update' } },
      schema: { tags, params: IdParams, body: CallbackPatchBody, response: { 200: CallbackLead, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => callbacks.update(tenantActorOf(request), request.params.id, request.body),
    });
  };
