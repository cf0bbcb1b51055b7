// GET /monitoring/wallboard: the live wallboard's snapshot for the token's tenant (queues today and
// calls in progress). The console re-reads it when the realtime events say something changed.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { tenantOf } from '../../platform/auth/guard.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { errorResponses, Nullable, Timestamp } from '../../platform/http/schemas.ts';
import { ServiceLevelFormulaSchema } from '@callcenter/rules/reports/shapes';
import { queueSumsByQueueSince, waitingByQueue } from '../reports/live.repo.ts';
import { queueSettings, serviceLevelFormula } from '../reports/queue-report.repo.ts';
import { buildWallboardQueues } from './wallboard.ts';
import * as repo from './wallboard.repo.ts';


const Share = Type.Union([Type.Number(), Type.Null()]);

/** A live queue today, counted as the queue report counts (docs/reports.md), open entries included. */
const QueueToday = Type.Object({
  queueId: Type.String(),
  name: Type.String(),
  waiting: Type.Integer(),
  /** When the caller waiting longest joined the queue (the console counts up from it). */
  longestWaitSince: Nullable(Timestamp),
  offered: Type.Integer(),
  answered: Type.Integer(),
  abandoned: Type.Integer(),
  shortAbandoned: Type.Integer(),
  /** 0..1 by the tenant's formula and this queue's threshold; null before the day's first caller. */
  serviceLevel: Share,
  serviceLevelSeconds: Type.Integer(),
  serviceLevelTarget: Type.Number(),
  abandonRate: Share,
  abandonRateTarget: Type.Number(),
});

const CallInProgress = Type.Object({
  id: Type.String(),
  direction: Type.String(),
  callerNumber: Nullable(Type.String()),
  calledNumber: Nullable(Type.String()),
  queueId: Nullable(Type.String()),
  agentId: Nullable(Type.String()),
  createdAt: Timestamp,
  answerAt: Nullable(Timestamp),
  bridgedAt: Nullable(Timestamp),
});

const Wallboard = Type.Object({
  at: Timestamp,
  /** Midnight in the tenant's time zone: "today" for the counts. */
  dayStartedAt: Timestamp,
  serviceLevelFormula: ServiceLevelFormulaSchema,
  queues: Type.Array(QueueToday),
  callsInProgress: Type.Array(CallInProgress),
  /** All calls in progress, when there are more than the list holds. */
  callsInProgressTotal: Type.Integer(),
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const wallboardRoutes =
  (db: DatabaseHandles): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/monitoring/wallboard', {
      config: { access: { tenant: true, permission: 'monitoring.view' } },
      schema: { tags: ['monitoring'], response: { 200: Wallboard, ...errorResponses(401, 403) } },
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
