import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { ModuleServices } from '../module-services.ts';
import { Trunk, TrunkCreateBody, TrunkPatchBody } from './trunks.schema.ts';
import { TrunksService } from './trunks.service.ts';


/** PATCH fixes a trunk's settings and password in place (a deleted trunk's name is never reusable). */
export const trunksRoutes =
  (services: ModuleServices): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const trunks = new TrunksService(services);
    const read = { tenant: true, permission: 'trunks.view' } as const;
    const write = { tenant: true, permission: 'trunks.manage' } as const;
    const tags = ['telephony'];

    app.get('/trunks', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(Trunk), ...errorResponses(401, 403) } },
      handler: (request) => trunks.list(tenantOf(request)),
    });
    app.post('/trunks', {
      config: { access: write },
      schema: { tags, body: TrunkCreateBody, response: { 201: Trunk, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await trunks.create(tenantActorOf(request), request.body)),
    });
    app.get('/trunks/:id', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: Trunk, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => trunks.get(tenantOf(request), request.params.id),
    });
    app.patch('/trunks/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, body: TrunkPatchBody, response: { 200: Trunk, ...errorResponses(400, 401, 403, 404, 409) } },
      handler: (request) => trunks.update(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/trunks/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await trunks.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
