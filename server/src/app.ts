// Builds the HTTP application from its dependencies; main.ts wires real ones, tests their own.
import { E } from './platform/http/error-codes.ts';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.ts';
import { installAuthGuard } from './platform/auth/guard.ts';
import { REVOCATION_CACHE_DEFAULTS, RevocationCache, type RevocationCacheOptions } from './platform/auth/revocation-cache.ts';
import { TokenService } from './platform/auth/tokens.ts';
import type { Coordination } from './platform/coordination/coordination.ts';
import type { DatabaseHandles } from './platform/db/database.ts';
import { SecretBox } from './platform/crypto/secrets.ts';
import { errorBody, installErrorHandling } from './platform/http/error-handler.ts';
import { DependencyOutages } from './platform/http/dependency-outages.ts';
import { requestValidatorCompiler } from './platform/http/validation.ts';
import { installJsonBodyParser } from './platform/http/json-body.ts';
import { publishOptionalBodies } from './platform/http/optional-body.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { realtimePublisher } from './platform/realtime/events.ts';
import { RealtimeHub } from './platform/realtime/hub.ts';
import { attachSocketGateway } from './platform/realtime/socket-gateway.ts';
import { createStorage } from './platform/storage/index.ts';
import type { ObjectStorage } from './platform/storage/storage.ts';
import { EslCallCenter } from './platform/switch/callcenter.ts';
import { EslClient } from './platform/switch/esl-client.ts';
import { tcpReachable } from './platform/switch/reachability.ts';
import { callCenterRoutes } from './modules/agents/call-center.routes.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { CampaignsService } from './modules/campaigns/campaigns.service.ts';
import { AbandonMessageService } from './modules/campaigns/abandon-message.service.ts';
import { LeadImportService } from './modules/leads/lead-import.service.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { LeadsService } from './modules/leads/leads.service.ts';
import { callsRoutes } from './modules/calls/calls.routes.ts';
import { callbacksRoutes } from './modules/leads/callbacks.routes.ts';
import { CallbacksService } from './modules/leads/callbacks.service.ts';
import { SuppressionImportService } from './modules/suppression/suppression-import.service.ts';
import { suppressionRoutes } from './modules/suppression/suppression.routes.ts';
import { SuppressionService } from './modules/suppression/suppression.service.ts';
import { CallsService } from './modules/calls/calls.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import { recordingsRoutes } from './modules/recordings/recordings.routes.ts';
import { telephonyConfigRoutes } from './modules/dialplan/telephony-config.routes.ts';
import type { ModuleServices } from './modules/module-services.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { wallboardRoutes } from './modules/monitoring/wallboard.routes.ts';
import { agentDeskRoutes } from './modules/agent-desk/agent-desk.routes.ts';
import { switchAdminRoutes, type SwitchTarget } from './modules/switch-admin/switch-admin.routes.ts';
import { serveConsole } from './platform/web/console.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { healthRoutes, type HealthProbe } from './modules/health/health.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { PlansService } from './modules/plans/plans.service.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { PlatformService, type SwitchCheck } from './modules/platform/platform.service.ts';
import { recordingAudioRoutes } from './modules/recordings/recording-audio.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { tenantSettingsRoutes } from './modules/tenant-settings/tenant-settings.routes.ts';
import { auditRoutes } from './platform/audit/audit.routes.ts';
import { numbersRoutes } from './modules/numbers/numbers.routes.ts';
import { NumbersService } from './modules/numbers/numbers.service.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { TenantsService } from './modules/tenants/tenants.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';

export interface AppDeps {
  config: Config;
  db: DatabaseHandles;
  coordination: Coordination;
  log: Logger;
  /** The switch's event socket; when absent one is created but never started (commands fail fast). */
  switch?: SwitchTarget;
  /** Recordings and IVR prompts; defaults to the configured provider (STORAGE_PROVIDER). */
  storage?: ObjectStorage;
  /** Built console to serve at /, when present. */
  webDistDir?: string;
  /** How often open realtime connections check that their session was not revoked (default 15 s). */
  realtimeSessionCheckMs?: number;
  /** The guard's cache of "not revoked" answers (tests shorten or lengthen its bounds). */
  revocationCache?: RevocationCacheOptions;
  /** Where unreachable dependencies are reported (logged once per outage); one is made when absent. */
  outages?: DependencyOutages;
  /** Told of every route as it is registered (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

const REALTIME_SESSION_CHECK_MS = 15_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, coordination } = deps;
  // Typed as Fastify's logger so plugins and routes see the ordinary FastifyInstance.
  const logger: FastifyBaseLogger = deps.log;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One log line per request (written on response, below) instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // A URL that does not decode (e.g. %ED%A0%80) is answered before routing: in our shape, with a request id.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      void reply.header('x-request-id', request.id).status(400).send(errorBody(request, 400, E.INVALID_URL, 'The URL is not valid'));
    },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = request.url.split('?')[0];
    request.log.info({ method: request.method, url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  const probe: HealthProbe = { database: () => db.ping(), cache: () => coordination.ping() };
  const outages = deps.outages ?? new DependencyOutages(deps.log, probe);
  app.addHook('onClose', async () => outages.close());
  // Bodies validated as sent (no key dropped, no type converted); see validation.ts.
  app.setValidatorCompiler(requestValidatorCompiler());
  // UTF-8 only and nesting capped before parsing; see json-body.ts.
  installJsonBodyParser(app);
  installErrorHandling(app, outages);
  // Before the console and the docs register their hooks, so every answer carries the headers.
  await installSecurityHeaders(app);

  if (config.swaggerEnabled) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Call-center platform', version: '1' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      // A route marked OPTIONAL_BODY (DELETE /suppression/:id) publishes its body as optional.
      transformObject: (documents) => ('openapiObject' in documents ? publishOptionalBodies(documents.openapiObject) : documents.swaggerObject),
    });
    // Swagger UI's pages carry their own Content-Security-Policy (it differs from the console's).
    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // Served over plain HTTP on a first run: no upgrade of its assets to https, and never framed.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '').replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  }

  if (deps.webDistDir) await serveConsole(app, deps.webDistDir);

  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10 } });

  const tokens = new TokenService(config.jwtSecret!);
  const hub = new RealtimeHub(coordination);
  await hub.start();
  const sessionCheckMs = deps.realtimeSessionCheckMs ?? REALTIME_SESSION_CHECK_MS;
  const io = attachSocketGateway(app.server, { tokens, coordination, hub, sessionCheckMs, outages });
  // Open websockets would hold the HTTP server's close; end them first.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  const revocations = new RevocationCache(hub, deps.revocationCache ?? REVOCATION_CACHE_DEFAULTS);
  app.addHook('onClose', async () => {
    revocations.stop();
    await hub.stop();
  });
  // Shared by the modules below: everything a tenant-scoped service may need besides the database.
  const switchTarget: SwitchTarget = deps.switch ?? {
    esl: new EslClient({ host: '127.0.0.1', port: 1, password: '', events: [], customSubclasses: [], log: deps.log }),
    host: '127.0.0.1',
    port: 1,
  };
  const switchCheck: SwitchCheck = deps.switch
    ? () => tcpReachable(switchTarget.host, switchTarget.port)
    : () => Promise.resolve({ ok: false, error: 'No switch is configured' });
  const services: ModuleServices = {
    db,
    secrets: new SecretBox(config.encryptionKey!),
    storage: deps.storage ?? createStorage(config),
    callCenter: new EslCallCenter(switchTarget.esl),
    realtime: realtimePublisher(coordination),
    log: deps.log,
    sipRegistrar: config.sipRegistrar,
    trunkPrivateHosts: config.trunkPrivateHosts,
  };
  const auth = new AuthService(db, tokens, coordination, revocations);

  await app.register(async (api) => {
    installAuthGuard(api, { tokens, coordination, revocations });
    await api.register(healthRoutes(probe));
    await api.register(authRoutes(auth));
    await api.register(rolesRoutes);
    await api.register(plansRoutes(new PlansService(db)));
    await api.register(tenantsRoutes(new TenantsService(db, auth, config.baseDomain)));
    await api.register(numbersRoutes(new NumbersService(db)));
    await api.register(
      platformRoutes({
        platform: new PlatformService(db, auth),
        probe,
        switchCheck,
        systemConfig: () => ({
          dialerSimulation: config.dialerSimulation,
          dialerRealOutbound: config.dialerRealOutbound,
          // The seed's "event socket configured": this instance drives a switch over ESL (FreeSWITCH or the simulator).
          eventSocketConfigured: deps.switch !== undefined,
          // No FREESWITCH_ESL_HOST: the runtime starts the built-in simulator and connects to it.
          switch: {
            kind: config.freeswitch.host === undefined ? 'simulator' : 'freeswitch',
            address: deps.switch ? `${switchTarget.host}:${switchTarget.port}` : null,
            connected: deps.switch?.esl.connected ?? false,
            activity: deps.switch?.activity?.() ?? null,
          },
          storageProvider: config.storage.provider,
          environment: config.appEnv,
          baseDomain: config.baseDomain,
          coordination: coordination.kind,
        }),
      }),
    );
    await api.register(usersRoutes(new UsersService(db, auth)));
    await api.register(tenantSettingsRoutes(db));
    await api.register(auditRoutes(db));
    await api.register(switchAdminRoutes(switchTarget));
    await api.register(monitoringRoutes({ db, hub, coordination, sessionCheckMs }));
    await api.register(wallboardRoutes(db));
    await api.register(agentDeskRoutes(db));

    // Telephony configuration: extensions, trunks, inbound routes, dialplan, IVR menus.
    await api.register(telephonyConfigRoutes(services, { confDir: config.freeswitch.confDir }));
    // Call center: queues and tiers, agents and their presence, pause reasons, dispositions.
    await api.register(callCenterRoutes(services));
    await api.register(campaignsRoutes(new CampaignsService(services), new AbandonMessageService(services)));
    await api.register(leadsRoutes(new LeadsService(services), new LeadImportService(services)));
    // Leads in CALLBACK, and the tenant's do-not-call list (decision 0043).
    await api.register(callbacksRoutes(new CallbacksService(db)));
    await api.register(suppressionRoutes(new SuppressionService(db), new SuppressionImportService(services)));
    // Recordings: the audio (the list and metadata are in the recordings module's own routes).
    await api.register(recordingAudioRoutes(services));
    await api.register(callsRoutes(new CallsService(db)));
    await api.register(reportsRoutes(new ReportsService(db)));
    await api.register(recordingsRoutes(db));
  });

  return app;
}
