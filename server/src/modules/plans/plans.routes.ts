import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { PlansService } from './plans.service.ts';
import { Plan, PlanCreateBody, PlanParams, PlanPatchBody } from './plans.schema.ts';

export const plansRoutes =
  (plans: PlansService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const access = { platform: true, permission: 'platform.tenants.manage' } as const;
    const tags = ['platform'];

    app.get('/plans', {
      config: { access },
      schema: { tags, response: { 200: Type.Array(Plan), ...errorResponses(401, 403) } },
      handler: () => plans.list(),
    });
    app.get('/plans/:id', {
      config: { access },
      schema: { tags, params: PlanParams, response: { 200: Plan, ...errorResponses(401, 403, 404) } },
      handler: (request) => plans.get(request.params.id),
    });
    app.post('/plans', {
      config: { access },
      schema: { tags, body: PlanCreateBody, response: { 201: Plan, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await plans.create(actorOf(request), request.body)),
    });
    app.patch('/plans/:id', {
      config: { access },
      schema: { tags, params: PlanParams, body: PlanPatchBody, response: { 200: Plan, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => plans.update(actorOf(request), request.params.id, request.body),
    });
    app.delete('/plans/:id', {
      config: { access },
      schema: { tags, params: PlanParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await plans.remove(actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
