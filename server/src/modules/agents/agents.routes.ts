import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { AgentsService } from './agents.service.ts';
import { Agent, AgentCreateBody, AgentParams, AgentPatchBody, AssignableUser } from './agents.schema.ts';


export const agentsRoutes =
  (agents: AgentsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const read = { tenant: true, permission: 'agents.view' } as const;
    const write = { tenant: true, permission: 'agents.manage' } as const;
    const tags = ['call center'];

    app.get('/agents', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(Agent), ...errorResponses(401, 403) } },
      handler: (request) => agents.list(tenantOf(request)),
    });
    // Who may become an agent, for whoever assigns agents (the member list needs users.manage).
    app.get('/agents/assignable-users', {
      config: { access: write },
      schema: { tags, response: { 200: Type.Array(AssignableUser), ...errorResponses(401, 403) } },
      handler: (request) => agents.assignableUsers(tenantOf(request)),
    });
    app.get('/agents/:id', {
      config: { access: read },
      schema: { tags, params: AgentParams, response: { 200: Agent, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => agents.get(tenantOf(request), request.params.id),
    });
    app.post('/agents', {
      config: { access: write },
      schema: {
        tags,
        body: AgentCreateBody,
        response: { 201: Agent, ...errorResponses(400, 401, 403, 409) },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await agents.create(tenantActorOf(request), request.body)),
    });
    app.patch('/agents/:id', {
      config: { access: write },
      schema: {
        tags,
        params: AgentParams,
        body: AgentPatchBody,
        response: { 200: Agent, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: (request) => agents.update(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/agents/:id', {
      config: { access: write },
      schema: {
        tags,
        params: AgentParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        await agents.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
