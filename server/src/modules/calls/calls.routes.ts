import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireAuth, tenantActorOf, tenantOf, type AccessRule } from '../../platform/auth/guard.ts';
import { errorResponses, IdParams } from '../../platform/http/schemas.ts';
import type { CallsService, CallViewer } from './calls.service.ts';
import { Call, CallDetail, CallList, CallsQuery, DispositionBody } from './calls.schema.ts';

const viewerOf = (request: FastifyRequest): CallViewer => {
  const auth = requireAuth(request);
  return { tenantId: tenantOf(request), userId: auth.userId, seesAll: auth.permissions.has('calls.view') };
};

export const callsRoutes =
  (calls: CallsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    // calls.view: every call; calls.view_own: the calls one's own Agent answered (the service narrows).
    const read: AccessRule = { tenant: true, permission: ['calls.view', 'calls.view_own'] };
    const tags = ['calls'];

    app.get('/calls', {
      config: { access: read },
      schema: { tags, querystring: CallsQuery, response: { 200: CallList, ...errorResponses(400, 401, 403) } },
      handler: (request) => calls.list(viewerOf(request), request.query),
    });
    app.get('/calls/:id', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: CallDetail, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => calls.get(viewerOf(request), request.params.id),
    });
    // The answering agent or a holder of agents.manage (checked against the call in the service).
    app.patch('/calls/:id/disposition', {
      config: { access: { tenant: true, permission: ['agents.manage', 'calls.view_own'] } },
      schema: { tags, params: IdParams, body: DispositionBody, response: { 200: Call, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) =>
        calls.setDisposition(tenantActorOf(request), requireAuth(request).permissions.has('agents.manage'), request.params.id, request.body),
    });
  };
