import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf, tenantOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { PauseReasonsService } from './pause-reasons.service.ts';
import {
  PauseReason,
  PauseReasonCreateBody,
  PauseReasonParams,
  PauseReasonPatchBody,
} from './pause-reasons.schema.ts';

const tenantActor = (request: FastifyRequest) => ({ ...actorOf(request), tenantId: tenantOf(request) });

export const pauseReasonsRoutes =
  (reasons: PauseReasonsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    // Agents read their reasons through /agents/me/pause-reasons, without agents.view.
    const read = { tenant: true, permission: 'agents.view' } as const;
    const write = { tenant: true, permission: 'pause_reasons.manage' } as const;
    const tags = ['call center'];

    app.get('/pause-reasons', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(PauseReason), ...errorResponses(401, 403) } },
      handler: (request) => reasons.list(tenantOf(request)),
    });
    app.get('/pause-reasons/:id', {
      config: { access: read },
      schema: {
        tags,
        params: PauseReasonParams,
        response: { 200: PauseReason, ...errorResponses(400, 401, 403, 404) },
      },
      handler: (request) => reasons.get(tenantOf(request), request.params.id),
    });
    app.post('/pause-reasons', {
      config: { access: write },
      schema: {
        tags,
        body: PauseReasonCreateBody,
        response: { 201: PauseReason, ...errorResponses(400, 401, 403, 409) },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await reasons.create(tenantActor(request), request.body)),
    });
    app.patch('/pause-reasons/:id', {
      config: { access: write },
      schema: {
        tags,
        params: PauseReasonParams,
        body: PauseReasonPatchBody,
        response: { 200: PauseReason, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: (request) => reasons.update(tenantActor(request), request.params.id, request.body),
    });
    app.delete('/pause-reasons/:id', {
      config: { access: write },
      schema: {
        tags,
        params: PauseReasonParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        await reasons.remove(tenantActor(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
