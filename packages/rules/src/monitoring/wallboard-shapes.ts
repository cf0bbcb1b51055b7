// The live wallboard's answer (GET /monitoring/wallboard), as TypeBox schemas: the server validates
// and documents it, the console reads its static types. Today's queue numbers are the reports' own
// (docs/reports.md), open queue entries included.
import { Type, type Static, type TSchema } from 'typebox';
import { ServiceLevelFormulaSchema } from '../reports/shapes.ts';

const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });
const Share = OrNull(Type.Number({ minimum: 0, maximum: 1 }));
const Instant = Type.String({ format: 'date-time' });

export const WallboardQueueSchema = Type.Object({
  queueId: Type.String(),
  name: Type.String(),
  waiting: Count,
  /** When the caller waiting longest joined the queue (the console counts up from it). */
  longestWaitSince: OrNull(Instant),
  offered: Count,
  answered: Count,
  abandoned: Count,
  shortAbandoned: Count,
  /** 0..1 by the tenant's formula and this queue's threshold; null before the day's first caller. */
  serviceLevel: Share,
  serviceLevelSeconds: Type.Integer(),
  serviceLevelTarget: Type.Number(),
  abandonRate: Share,
  abandonRateTarget: Type.Number(),
});
export type WallboardQueue = Static<typeof WallboardQueueSchema>;

export const CallInProgressSchema = Type.Object({
  id: Type.String(),
  direction: Type.String(),
  callerNumber: OrNull(Type.String()),
  calledNumber: OrNull(Type.String()),
  queueId: OrNull(Type.String()),
  agentId: OrNull(Type.String()),
  createdAt: Instant,
  answerAt: OrNull(Instant),
  bridgedAt: OrNull(Instant),
});
export type CallInProgress = Static<typeof CallInProgressSchema>;

export const WallboardSchema = Type.Object({
  at: Instant,
  /** Midnight in the tenant's time zone: "today" for the counts. */
  dayStartedAt: Instant,
  serviceLevelFormula: ServiceLevelFormulaSchema,
  queues: Type.Array(WallboardQueueSchema),
  callsInProgress: Type.Array(CallInProgressSchema),
  /** All calls in progress, when there are more than the list holds. */
  callsInProgressTotal: Count,
});
export type Wallboard = Static<typeof WallboardSchema>;
