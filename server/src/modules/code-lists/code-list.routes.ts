// GET, GET /:id, POST, PATCH /:id, DELETE /:id of one code list, from its spec.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { CodeListCreate, CodeListPatch, CodeListService } from './code-list.ts';

const ListQuery = Type.Object(
  { includeDisabled: Type.Optional(Type.Boolean({ description: 'also list disabled entries (to restore one); enabled only by default' })) },
  { additionalProperties: false },
);


export const codeListRoutes =
  (list: CodeListService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { path, access, schemas } = list.spec;
    const read = { config: { access: { tenant: true, permission: access.read } } } as const;
    const write = { config: { access: { tenant: true, permission: access.write } } } as const;
    const tags = ['call-center'];

    app.get(path, {
      ...read,
      schema: { tags, querystring: ListQuery, response: { 200: Type.Array(schemas.item), ...errorResponses(400, 401, 403) } },
      handler: (request) => list.list(tenantOf(request), { includeDisabled: request.query.includeDisabled === true }),
    });
    app.get(`${path}/:id`, {
      ...read,
      schema: { tags, params: IdParams, response: { 200: schemas.item, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => list.get(tenantOf(request), request.params.id),
    });
    app.post(path, {
      ...write,
      schema: { tags, body: schemas.create, response: { 201: schemas.item, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await list.create(tenantActorOf(request), request.body as CodeListCreate)),
    });
    app.patch(`${path}/:id`, {
      ...write,
      schema: { tags, params: IdParams, body: schemas.patch, response: { 200: schemas.item, ...errorResponses(400, 401, 403, 404, 409) } },
      handler: (request) => list.update(tenantActorOf(request), request.params.id, request.body as CodeListPatch),
    });
    app.delete(`${path}/:id`, {
      ...write,
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await list.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
