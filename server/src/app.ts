// Builds the HTTP application from its dependencies; main.ts wires real ones, tests their own.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.ts';
import { installAuthGuard } from './platform/auth/guard.ts';
import { TokenService } from './platform/auth/tokens.ts';
import type { Coordination } from './platform/coordination/coordination.ts';
import type { DatabaseHandles } from './platform/db/database.ts';
import { installErrorHandling } from './platform/http/error-handler.ts';
import { serveConsole } from './platform/web/console.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { healthRoutes, type HealthProbe } from './modules/health/health.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { PlansService } from './modules/plans/plans.service.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { PlatformService, type SwitchCheck } from './modules/platform/platform.service.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { tenantSettingsRoutes } from './modules/tenant-settings/tenant-settings.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { TenantsService } from './modules/tenants/tenants.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';

export interface AppDeps {
  config: Config;
  db: DatabaseHandles;
  coordination: Coordination;
  log: Logger;
  /** Whether the switch's event port answers; until the switch adapter exists it reports not connected. */
  switchCheck?: SwitchCheck;
  /** Built console to serve at /, when present. */
  webDistDir?: string;
}

const noSwitchYet: SwitchCheck = () => Promise.resolve({ ok: false, error: 'Switch connection is not available yet' });

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, coordination } = deps;
  // Typed as Fastify's logger so plugins and routes see the ordinary FastifyInstance.
  const logger: FastifyBaseLogger = deps.log;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.trustProxy,
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  installErrorHandling(app);

  if (config.swaggerEnabled) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Call-center platform', version: '1' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  }

  if (deps.webDistDir) await serveConsole(app, deps.webDistDir);

  const tokens = new TokenService(config.jwtSecret!);
  const auth = new AuthService(db, tokens, coordination);
  const probe: HealthProbe = { database: () => db.ping(), cache: () => coordination.ping() };

  await app.register(async (api) => {
    installAuthGuard(api, { tokens, coordination });
    await api.register(healthRoutes(probe));
    await api.register(authRoutes(auth));
    await api.register(rolesRoutes);
    await api.register(plansRoutes(new PlansService(db)));
    await api.register(tenantsRoutes(new TenantsService(db, auth, config.baseDomain)));
    await api.register(
      platformRoutes({
        platform: new PlatformService(db),
        probe,
        switchCheck: deps.switchCheck ?? noSwitchYet,
        systemConfig: () => ({
          dialerSimulation: config.dialerSimulation,
          dialerRealOutbound: config.dialerRealOutbound,
          eventSocketConfigured: config.freeswitch.host !== undefined,
          storageProvider: config.storage.provider,
          environment: config.appEnv,
          baseDomain: config.baseDomain,
          coordination: coordination.kind,
        }),
      }),
    );
    await api.register(usersRoutes(new UsersService(db, auth)));
    await api.register(tenantSettingsRoutes(db));
  });

  return app;
}
