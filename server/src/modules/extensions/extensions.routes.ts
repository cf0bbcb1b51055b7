import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { ModuleServices } from '../module-services.ts';
import { Extension, ExtensionCreateBody, ExtensionPatchBody, ExtensionWithPassword } from './extensions.schema.ts';
import { ExtensionsService } from './extensions.service.ts';


export const extensionsRoutes =
  (services: ModuleServices): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const extensions = new ExtensionsService(services);
    const read = { tenant: true, permission: 'extensions.view' } as const;
    const write = { tenant: true, permission: 'extensions.manage' } as const;
    const tags = ['telephony'];

    app.get('/extensions', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(Extension), ...errorResponses(401, 403) } },
      handler: (request) => extensions.list(tenantOf(request)),
    });
    app.post('/extensions', {
      config: { access: write },
      schema: { tags, body: ExtensionCreateBody, response: { 201: ExtensionWithPassword, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await extensions.create(tenantActorOf(request), request.body)),
    });
    app.get('/extensions/:id', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: Extension, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => extensions.get(tenantOf(request), request.params.id),
    });
    app.patch('/extensions/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, body: ExtensionPatchBody, response: { 200: Extension, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => extensions.update(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/extensions/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await extensions.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
    app.post('/extensions/:id/reset-password', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 200: ExtensionWithPassword, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => extensions.resetPassword(tenantActorOf(request), request.params.id),
    });
    app.post('/extensions/:id/reveal-password', {
      config: { access: { tenant: true, permission: 'extensions.reveal_password' } },
      schema: { tags, params: IdParams, response: { 200: ExtensionWithPassword, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => extensions.revealPassword(tenantActorOf(request), request.params.id),
    });
  };
