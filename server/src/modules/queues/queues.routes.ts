import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { QueuesService } from './queues.service.ts';
import {
  Queue,
  QueueCreateBody,
  QueueParams,
  QueuePatchBody,
  Tier,
  TierAssignBody,
  TierParams,
  TierRemoveBody,
} from './queues.schema.ts';


export const queuesRoutes =
  (queues: QueuesService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const read = { tenant: true, permission: 'queues.view' } as const;
    const write = { tenant: true, permission: 'queues.manage' } as const;
    const tags = ['telephony'];
    const noContent = { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) };

    app.get('/queues', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(Queue), ...errorResponses(401, 403) } },
      handler: (request) => queues.list(tenantOf(request)),
    });
    app.get('/queues/:id', {
      config: { access: read },
      schema: { tags, params: QueueParams, response: { 200: Queue, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => queues.get(tenantOf(request), request.params.id),
    });
    app.post('/queues', {
      config: { access: write },
      schema: {
        tags,
        body: QueueCreateBody,
        response: { 201: Queue, ...errorResponses(400, 401, 403, 409) },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await queues.create(tenantActorOf(request), request.body)),
    });
    app.patch('/queues/:id', {
      config: { access: write },
      schema: {
        tags,
        params: QueueParams,
        body: QueuePatchBody,
        response: { 200: Queue, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: (request) => queues.update(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/queues/:id', {
      config: { access: write },
      schema: { tags, params: QueueParams, response: noContent },
      handler: async (request, reply) => {
        await queues.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    // Tiers: the agents serving a queue, with level and position.
    app.get('/queues/:id/agents', {
      config: { access: read },
      schema: {
        tags,
        params: QueueParams,
        response: { 200: Type.Array(Tier), ...errorResponses(400, 401, 403, 404) },
      },
      handler: (request) => queues.listTiers(tenantOf(request), request.params.id),
    });
    app.post('/queues/:id/agents', {
      config: { access: write },
      schema: {
        tags,
        params: QueueParams,
        body: TierAssignBody,
        response: { 200: Tier, 201: Tier, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { tier, created } = await queues.assignTier(
          tenantActorOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(created ? 201 : 200).send(tier);
      },
    });
    app.delete('/queues/:id/agents', {
      config: { access: write },
      schema: { tags, params: QueueParams, body: TierRemoveBody, response: noContent },
      handler: async (request, reply) => {
        await queues.removeTier(tenantActorOf(request), request.params.id, request.body.agentId);
        return reply.status(204).send(null);
      },
    });
    app.delete('/queues/:id/agents/:agentId', {
      config: { access: write },
      schema: { tags, params: TierParams, response: noContent },
      handler: async (request, reply) => {
        await queues.removeTier(tenantActorOf(request), request.params.id, request.params.agentId);
        return reply.status(204).send(null);
      },
    });
  };
