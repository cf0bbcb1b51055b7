// GET /monitoring/wallboard: the live wallboard's snapshot for the token's tenant (queues today and
// calls in progress). The console re-reads it when the realtime events say something changed.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { tenantOf } from '../../platform/auth/guard.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { WallboardSchema } from '@callcenter/rules/monitoring/wallboard-shapes';
import { errorResponses } from '../../platform/http/schemas.ts';
import { queueSumsByQueueSince, waitingByQueue } from '../reports/live.repo.ts';
import { queueSettings, serviceLevelFormula } from '../reports/queue-report.repo.ts';
import { buildWallboardQueues } from './wallboard.ts';
import * as repo from './wallboard.repo.ts';


const iso = (value: Date | null) => value?.toISOString() ?? null;

export const wallboardRoutes =
  (db: DatabaseHandles): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/monitoring/wallboard', {
      config: { access: { tenant: true, permission: 'monitoring.view' } },
      schema: { tags: ['monitoring'], response: { 200: WallboardSchema, ...errorResponses(401, 403) } },
      handler: async (request) =>
        db.withTenant(tenantOf(request), async (tx) => {
          const now = new Date();
          const since = await repo.dayStart(tx);
          const { formula } = await serviceLevelFormula(tx);
          const queues = buildWallboardQueues({
            queues: await queueSettings(tx),
            today: await queueSumsByQueueSince(tx, since, now),
            waiting: await waitingByQueue(tx),
            formula,
          });
          const calls = await repo.callsInProgress(tx);
          return {
            at: now.toISOString(),
            dayStartedAt: since.toISOString(),
            serviceLevelFormula: formula,
            queues,
            callsInProgress: calls.rows.map((row) => ({
              ...row,
              createdAt: row.createdAt.toISOString(),
              answerAt: iso(row.answerAt),
              bridgedAt: iso(row.bridgedAt),
            })),
            callsInProgressTotal: calls.total,
          };
        }),
    });
  };
