// Liveness, readiness and a component report. Readiness is 503 while the database or the cache
// store is down, so a load balancer stops sending traffic to this instance.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export interface HealthProbe {
  database(): Promise<boolean>;
  cache(): Promise<boolean>;
}

const Report = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Object({ ok: Type.Boolean() }),
  cache: Type.Object({ ok: Type.Boolean() }),
});

export async function healthReport(probe: HealthProbe) {
  const [database, cache] = await Promise.all([probe.database(), probe.cache()]);
  return { status: database && cache ? ('ok' as const) : ('unavailable' as const), database: { ok: database }, cache: { ok: cache } };
}

export const healthRoutes =
  (probe: HealthProbe): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: 'public' as const };
    const tags = ['health'];

    app.get('/health', { config, schema: { tags, response: { 200: Report } }, handler: () => healthReport(probe) });
    app.get('/health/live', {
      config,
      schema: { tags, response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
      handler: () => ({ status: 'ok' as const }),
    });
    app.get('/health/ready', {
      config,
      schema: { tags, response: { 200: Report, 503: Report } },
      handler: async (_request, reply) => {
        const report = await healthReport(probe);
        return reply.status(report.status === 'ok' ? 200 : 503).send(report);
      },
    });
  };
