import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { readUploadedFile } from '../../platform/http/multipart.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { ModuleServices } from '../module-services.ts';
import { IvrMenu, IvrMenuCreateBody, IvrMenuPatchBody } from './ivr-menus.schema.ts';
import { IvrMenusService } from './ivr-menus.service.ts';

export const ivrMenusRoutes =
  (services: ModuleServices, options: { confDir: string }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ivr = new IvrMenusService(services, options.confDir);
    const read = { tenant: true, permission: 'freeswitch.view' } as const;
    const write = { tenant: true, permission: 'ivr.manage' } as const;
    const tags = ['telephony'];

    app.get('/ivr-menus', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(IvrMenu), ...errorResponses(401, 403) } },
      handler: (request) => ivr.list(tenantOf(request)),
    });
    app.post('/ivr-menus', {
      config: { access: write },
      schema: { tags, body: IvrMenuCreateBody, response: { 201: IvrMenu, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await ivr.create(tenantActorOf(request), request.body)),
    });
    app.get('/ivr-menus/:id', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: IvrMenu, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => ivr.get(tenantOf(request), request.params.id),
    });
    app.patch('/ivr-menus/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, body: IvrMenuPatchBody, response: { 200: IvrMenu, ...errorResponses(400, 401, 403, 404, 409) } },
      handler: (request) => ivr.update(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/ivr-menus/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await ivr.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.post('/ivr-menus/:id/prompt', {
      config: { access: write },
      schema: { tags, params: IdParams, consumes: ['multipart/form-data'], response: { 200: IvrMenu, ...errorResponses(400, 401, 403, 404, 413) } },
      handler: async (request) => ivr.uploadPrompt(tenantActorOf(request), request.params.id, await readUploadedFile(request, 'file', 'prompt')),
    });
    app.get('/ivr-menus/:id/prompt', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'audio/wav' }), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        const { stream, size } = await ivr.prompt(tenantOf(request), request.params.id);
        // A tenant's upload: browsers must take it as audio, never sniff it into a page.
        return reply.type('audio/wav').header('content-length', size).header('x-content-type-options', 'nosniff').send(stream);
      },
    });
    app.delete('/ivr-menus/:id/prompt', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await ivr.removePrompt(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
