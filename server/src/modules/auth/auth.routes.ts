import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf, requireAuth } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { AuthService } from './auth.service.ts';
import * as s from './auth.schema.ts';

const SELF = { whilePasswordChangeRequired: true } as const;

export const authRoutes =
  (auth: AuthService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['auth'];

    app.post('/auth/login', {
      config: { access: 'public' },
      schema: { tags, body: s.LoginBody, response: { 200: s.LoginResponse, ...errorResponses(400, 401, 403, 429) } },
      handler: (request) => auth.login(request.body.email, request.body.password, request.ip),
    });

    app.post('/auth/refresh', {
      config: { access: 'public' },
      schema: { tags, body: s.RefreshBody, response: { 200: s.TokenPairResponse, ...errorResponses(400, 401, 403) } },
      handler: (request) => auth.refresh(request.body.refreshToken),
    });

    app.post('/auth/logout', {
      config: { access: SELF },
      schema: { tags, response: { 204: Type.Null(), ...errorResponses(401) } },
      handler: async (request, reply) => {
        await auth.logout(requireAuth(request));
        return reply.status(204).send(null);
      },
    });

    app.post('/auth/select-tenant', {
      config: { access: SELF },
      schema: { tags, body: s.SelectTenantBody, response: { 200: s.TokenPairResponse, ...errorResponses(400, 401, 403) } },
      handler: (request) => auth.selectTenant(requireAuth(request), request.body.tenantId),
    });

    app.post('/auth/change-password', {
      config: { access: SELF },
      schema: { tags, body: s.ChangePasswordBody, response: { 200: s.TokenPairResponse, ...errorResponses(400, 401) } },
      handler: (request) =>
        auth.changePassword(requireAuth(request), actorOf(request), request.body.currentPassword, request.body.newPassword),
    });

    app.get('/auth/tenants', {
      config: { access: SELF },
      schema: { tags, response: { 200: Type.Array(s.MembershipTenant), ...errorResponses(401) } },
      handler: (request) => auth.tenantsOf(requireAuth(request).userId),
    });

    app.get('/auth/me', {
      config: { access: SELF },
      schema: { tags, response: { 200: s.MeResponse, ...errorResponses(401) } },
      handler: (request) => auth.me(requireAuth(request)),
    });
  };
