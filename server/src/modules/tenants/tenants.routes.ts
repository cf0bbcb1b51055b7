import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { TenantsService } from './tenants.service.ts';
import { Tenant, TenantCreateBody, TenantCreated, TenantPatchBody } from './tenants.schema.ts';

export const tenantsRoutes =
  (tenants: TenantsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const access = { platform: true, permission: 'platform.tenants.manage' } as const;
    const tags = ['platform'];

    app.get('/tenants', {
      config: { access },
      schema: { tags, response: { 200: Type.Array(Tenant), ...errorResponses(401, 403) } },
      handler: () => tenants.list(),
    });
    app.post('/tenants', {
      config: { access },
      schema: { tags, body: TenantCreateBody, response: { 201: TenantCreated, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await tenants.create(actorOf(request), request.body)),
    });
    app.get('/tenants/:id', {
      config: { access },
      schema: { tags, params: IdParams, response: { 200: Tenant, ...errorResponses(401, 403, 404) } },
      handler: (request) => tenants.get(request.params.id),
    });
    app.patch('/tenants/:id', {
      config: { access },
      schema: { tags, params: IdParams, body: TenantPatchBody, response: { 200: Tenant, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => tenants.update(actorOf(request), request.params.id, request.body),
    });
  };
