import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { ModuleServices } from '../module-services.ts';
import { InboundRoute, InboundRouteCreateBody, InboundRoutePatchBody } from './inbound-routes.schema.ts';
import { InboundRoutesService } from './inbound-routes.service.ts';


export const inboundRoutesRoutes =
  (services: ModuleServices): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const routes = new InboundRoutesService(services);
    const read = { tenant: true, permission: 'freeswitch.view' } as const;
    const write = { tenant: true, permission: 'freeswitch.configure' } as const;
    const tags = ['telephony'];

    app.get('/inbound-routes', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(InboundRoute), ...errorResponses(401, 403) } },
      handler: (request) => routes.list(tenantOf(request)),
    });
    app.post('/inbound-routes', {
      config: { access: write },
      schema: { tags, body: InboundRouteCreateBody, response: { 201: InboundRoute, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await routes.create(tenantActorOf(request), request.body)),
    });
    app.get('/inbound-routes/:id', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: InboundRoute, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => routes.get(tenantOf(request), request.params.id),
    });
    app.patch('/inbound-routes/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, body: InboundRoutePatchBody, response: { 200: InboundRoute, ...errorResponses(400, 401, 403, 404, 409) } },
      handler: (request) => routes.update(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/inbound-routes/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await routes.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
