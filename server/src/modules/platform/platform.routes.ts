import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { actorOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { HealthProbe } from '../health/health.routes.ts';
import { PasswordResetResponse } from '../users/users.schema.ts';
import type { PlatformService, SwitchCheck } from './platform.service.ts';
import { AuditEvent, PlatformHealth, PlatformUser, SystemConfig, TenantQuota, UserStatusBody } from './platform.schema.ts';

export interface PlatformRouteDeps {
  platform: PlatformService;
  probe: HealthProbe;
  switchCheck: SwitchCheck;
  systemConfig: () => Static<typeof SystemConfig>;
}

export const platformRoutes =
  ({ platform, probe, switchCheck, systemConfig }: PlatformRouteDeps): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['platform'];
    const users = { platform: true, permission: 'platform.users.manage' } as const;
    const operations = { platform: true, permission: 'platform.operations.view' } as const;
    const tenants = { platform: true, permission: 'platform.tenants.manage' } as const;

    app.get('/platform/users', {
      config: { access: users },
      schema: { tags, response: { 200: Type.Array(PlatformUser), ...errorResponses(401, 403) } },
      handler: () => platform.listUsers(),
    });
    app.patch('/platform/users/:id/status', {
      config: { access: users },
      schema: { tags, params: IdParams, body: UserStatusBody, response: { 200: PlatformUser, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => platform.setUserStatus(actorOf(request), request.params.id, request.body.status),
    });
    app.post('/platform/users/:id/password-reset', {
      config: { access: users },
      schema: { tags, params: IdParams, response: { 200: PasswordResetResponse, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => platform.resetPassword(actorOf(request), request.params.id),
    });
    app.get('/platform/quotas', {
      config: { access: tenants },
      schema: { tags, response: { 200: Type.Array(TenantQuota), ...errorResponses(401, 403) } },
      handler: () => platform.quotas(),
    });
    app.get('/platform/audit-log', {
      config: { access: operations },
      schema: { tags, response: { 200: Type.Array(AuditEvent), ...errorResponses(401, 403) } },
      handler: () => platform.auditLog(),
    });
    app.get('/platform/system-config', {
      config: { access: operations },
      schema: { tags, response: { 200: SystemConfig, ...errorResponses(401, 403) } },
      handler: () => systemConfig(),
    });
    app.get('/platform/health', {
      config: { access: operations },
      schema: { tags, response: { 200: PlatformHealth, ...errorResponses(401, 403) } },
      handler: async () => {
        const [database, cache, switchState] = await Promise.all([probe.database(), probe.cache(), switchCheck()]);
        return {
          ok: database && cache && switchState.ok,
          components: { database: { ok: database }, cache: { ok: cache }, switch: switchState },
        };
      },
    });
  };
