// GET /monitoring/stream: Server-Sent Events of the telephony state the console shows live for the
// token's tenant: a snapshot of extension registrations first, then every registration and trunk
// status change, and a comment line as a heartbeat. The stream ends when the token expires or the
// session is revoked (at once, on every instance); the console reconnects with a fresh token.
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth, tenantOf } from '../../platform/auth/guard.ts';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import { watchSession } from '../../platform/realtime/session-watch.ts';

const STREAMED = new Set(['EXTENSION_REGISTERED', 'EXTENSION_UNREGISTERED', 'EXTENSION_REGISTRATION_FAILED', 'TRUNK_STATUS_CHANGED']);
const HEARTBEAT_MS = 15_000;

export const sseMessage = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const monitoringRoutes =
  (deps: { db: DatabaseHandles; hub: RealtimeHub; coordination: Coordination; sessionCheckMs: number }): FastifyPluginAsync =>
  async (app) => {
    app.get('/monitoring/stream', {
      config: { access: { tenant: true, permission: 'monitoring.view' } },
      schema: { tags: ['monitoring'] },
      handler: async (request, reply) => {
        const tenantId = tenantOf(request);
        const extensions = await deps.db.withTenant(tenantId, (tx) =>
          tx.selectFrom('extensions').select(['id', 'number', 'registeredAt']).where('deletedAt', 'is', null).orderBy('number').execute(),
        );
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-request-id': request.id,
        });
        raw.write(
          sseMessage('snapshot', {
            tenantId,
            at: new Date().toISOString(),
            extensions: extensions.map((row) => ({ extensionId: row.id, number: row.number, registeredAt: row.registeredAt?.toISOString() ?? null })),
          }),
        );
        const stop = deps.hub.listen((event) => {
          if (event.tenantId === tenantId && STREAMED.has(event.type)) raw.write(sseMessage(event.type, event));
        });
        const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
        const auth = requireAuth(request);
        const stopWatch = watchSession({
          sessionId: auth.sessionId,
          expiresAt: auth.expiresAt,
          coordination: deps.coordination,
          revocations: deps.hub,
          checkEveryMs: deps.sessionCheckMs,
          onEnd: () => raw.end(),
        });
        // The client leaving and the server ending the stream both land here.
        const cleanUp = () => {
          clearInterval(heartbeat);
          stop();
          stopWatch();
        };
        request.raw.once('close', cleanUp);
        raw.once('close', cleanUp);
      },
    });
  };
