import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf, tenantOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { DispositionsService } from './dispositions.service.ts';
import {
  Disposition,
  DispositionCreateBody,
  DispositionParams,
  DispositionPatchBody,
} from './dispositions.schema.ts';

const tenantActor = (request: FastifyRequest) => ({ ...actorOf(request), tenantId: tenantOf(request) });

export const dispositionsRoutes =
  (dispositions: DispositionsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    // Agents hold dispositions.view: they classify their own calls.
    const read = { tenant: true, permission: 'dispositions.view' } as const;
    const write = { tenant: true, permission: 'dispositions.manage' } as const;
    const tags = ['call center'];

    app.get('/dispositions', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(Disposition), ...errorResponses(401, 403) } },
      handler: (request) => dispositions.list(tenantOf(request)),
    });
    app.get('/dispositions/:id', {
      config: { access: read },
      schema: {
        tags,
        params: DispositionParams,
        response: { 200: Disposition, ...errorResponses(400, 401, 403, 404) },
      },
      handler: (request) => dispositions.get(tenantOf(request), request.params.id),
    });
    app.post('/dispositions', {
      config: { access: write },
      schema: {
        tags,
        body: DispositionCreateBody,
        response: { 201: Disposition, ...errorResponses(400, 401, 403, 409) },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await dispositions.create(tenantActor(request), request.body)),
    });
    app.patch('/dispositions/:id', {
      config: { access: write },
      schema: {
        tags,
        params: DispositionParams,
        body: DispositionPatchBody,
        response: { 200: Disposition, ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: (request) => dispositions.update(tenantActor(request), request.params.id, request.body),
    });
    app.delete('/dispositions/:id', {
      config: { access: write },
      schema: {
        tags,
        params: DispositionParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        await dispositions.remove(tenantActor(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
