// The caller's own agent: a token bound to a tenant is enough (no permission); the agent is the
// token user's Agent in the token's tenant, never one named by the client.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAuth, tenantOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { PauseReason } from '../pause-reasons/pause-reasons.schema.ts';
import { Agent, MyQueue, PauseBody } from './agents.schema.ts';
import type { AgentPresenceService } from './presence.service.ts';

const caller = (request: FastifyRequest) => [tenantOf(request), requireAuth(request).userId] as const;

export const presenceRoutes =
  (presence: AgentPresenceService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const access = { tenant: true } as const;
    const tags = ['agent presence'];
    const moved = { 200: Agent, ...errorResponses(400, 401, 403, 404) };

    app.get('/agents/me', {
      config: { access },
      schema: { tags, response: { 200: Agent, ...errorResponses(401, 403, 404) } },
      handler: (request) => presence.me(...caller(request)),
    });
    app.get('/agents/me/pause-reasons', {
      config: { access },
      schema: { tags, response: { 200: Type.Array(PauseReason), ...errorResponses(401, 403) } },
      handler: (request) => presence.pauseReasons(tenantOf(request)),
    });
    app.get('/agents/me/queues', {
      config: { access },
      schema: { tags, response: { 200: Type.Array(MyQueue), ...errorResponses(401, 403, 404) } },
      handler: (request) => presence.queues(...caller(request)),
    });
    app.post('/agents/me/login', {
      config: { access },
      schema: { tags, response: moved },
      handler: (request) => presence.login(...caller(request)),
    });
    app.post('/agents/me/pause', {
      config: { access },
      schema: { tags, body: PauseBody, response: moved },
      handler: (request) => presence.pause(...caller(request), request.body.pauseReasonId),
    });
    app.post('/agents/me/resume', {
      config: { access },
      schema: { tags, response: moved },
      handler: (request) => presence.resume(...caller(request)),
    });
    app.post('/agents/me/end-wrap-up', {
      config: { access },
      schema: { tags, response: moved },
      handler: (request) => presence.endWrapUp(...caller(request)),
    });
    app.post('/agents/me/logout', {
      config: { access },
      schema: { tags, response: moved },
      handler: (request) => presence.logout(...caller(request)),
    });
  };
