import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { UsersService } from './users.service.ts';
import { InviteBody, InviteResponse, Member, PasswordResetResponse, RoleBody, UserParams } from './users.schema.ts';

export const usersRoutes =
  (users: UsersService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const access = { tenant: true, permission: 'users.manage' } as const;
    const tags = ['tenant'];

    app.get('/users', {
      config: { access },
      schema: { tags, response: { 200: Type.Array(Member), ...errorResponses(401, 403) } },
      handler: (request) => users.list(tenantOf(request)),
    });
    app.post('/users', {
      config: { access },
      schema: { tags, body: InviteBody, response: { 201: InviteResponse, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await users.invite(tenantActorOf(request), request.body)),
    });
    app.patch('/users/:id/role', {
      config: { access },
      schema: { tags, params: UserParams, body: RoleBody, response: { 200: Member, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => users.changeRole(tenantActorOf(request), request.params.id, request.body.role),
    });
    app.post('/users/:id/password-reset', {
      config: { access },
      schema: { tags, params: UserParams, response: { 200: PasswordResetResponse, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => users.resetPassword(tenantActorOf(request), request.params.id),
    });
    app.delete('/users/:id', {
      config: { access },
      schema: { tags, params: UserParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await users.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
