// The reports' answers (GET /reports/*), as TypeBox schemas: the server validates and documents
// them, the console reads their static types. docs/reports.md defines every number.
import { Type, type Static, type TSchema } from 'typebox';
import { REPORT_INTERVALS, PERIOD_PRESETS } from './period.ts';
import { SERVICE_LEVEL_FORMULAS } from './metrics.ts';

const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });
const Seconds = Type.Number({ minimum: 0, description: 'seconds' });
const Share = OrNull(Type.Number({ minimum: 0, maximum: 1, description: 'a share, 0 to 1; null when nothing is under it' }));
const AverageSeconds = OrNull(Seconds);
const Instant = Type.String({ format: 'date-time' });

/** One of a list of words, typed as that list's union. */
const OneOf = <Values extends readonly string[]>(values: Values) =>
  Type.Unsafe<Values[number]>(Type.Union(values.map((value) => Type.Literal(value))));

export const ReportIntervalSchema = OneOf(REPORT_INTERVALS);
export const PeriodPresetSchema = OneOf(PERIOD_PRESETS);
export const ServiceLevelFormulaSchema = OneOf(SERVICE_LEVEL_FORMULAS);

export const ReportPeriodSchema = Type.Object({
  from: Instant,
  to: Instant,
  timezone: Type.String(),
  interval: ReportIntervalSchema,
});

export const QueueMetricsSchema = Type.Object({
  offered: Count,
  answered: Count,
  answeredWithinThreshold: Count,
  abandoned: Count,
  shortAbandoned: Count,
  flowedOut: Count,
  transferredOut: Count,
  averageWaitSeconds: AverageSeconds,
  maxWaitSeconds: AverageSeconds,
  averageAbandonWaitSeconds: AverageSeconds,
  averageTalkSeconds: AverageSeconds,
  averageWrapUpSeconds: AverageSeconds,
  averageHandleSeconds: AverageSeconds,
  serviceLevel: Share,
  abandonRate: Share,
});
export type QueueMetrics = Static<typeof QueueMetricsSchema>;

export const SeriesPoint = <T extends TSchema>(metrics: T) => Type.Object({ start: Instant, metrics });

export const QueueReportSchema = Type.Object({
  period: ReportPeriodSchema,
  serviceLevelFormula: ServiceLevelFormulaSchema,
  totals: QueueMetricsSchema,
  series: Type.Array(SeriesPoint(QueueMetricsSchema)),
  queues: Type.Array(
    Type.Object({
      queueId: Type.String(),
      name: Type.String(),
      serviceLevelSeconds: Count,
      serviceLevelTarget: Type.Number({ minimum: 0, maximum: 1 }),
      abandonRateTarget: Type.Number({ minimum: 0, maximum: 1 }),
      shortAbandonSeconds: Count,
      metrics: QueueMetricsSchema,
    }),
  ),
});
export type QueueReport = Static<typeof QueueReportSchema>;

export const StateSecondsSchema = Type.Object({
  AVAILABLE: Seconds,
  PAUSED: Seconds,
  RESERVED: Seconds,
  RINGING: Seconds,
  IN_CALL: Seconds,
  WRAP_UP: Seconds,
  ON_EXTERNAL_CALL: Seconds,
});

export const AgentMetricsSchema = Type.Object({
  loggedSeconds: Seconds,
  pausedSeconds: Seconds,
  stateSeconds: StateSecondsSchema,
  offered: Count,
  answered: Count,
  missed: Count,
  averageTalkSeconds: AverageSeconds,
  averageHandleSeconds: AverageSeconds,
  occupancy: Share,
  utilization: Share,
});
export type AgentMetrics = Static<typeof AgentMetricsSchema>;

export const AgentReportSchema = Type.Object({
  period: ReportPeriodSchema,
  totals: AgentMetricsSchema,
  series: Type.Array(SeriesPoint(AgentMetricsSchema)),
  agents: Type.Array(
    Type.Object({
      agentId: Type.String(),
      name: Type.String(),
      metrics: AgentMetricsSchema,
      pauses: Type.Array(Type.Object({ pauseReasonId: Type.String(), code: Type.String(), name: Type.String(), seconds: Seconds })),
      /** Per local day of the period the agent logged in: the first login and the last logout (null while logged in). */
      days: Type.Array(Type.Object({ day: Type.String(), firstLoginAt: Instant, lastLogoutAt: OrNull(Instant) })),
    }),
  ),
});
export type AgentReport = Static<typeof AgentReportSchema>;

export const LeadCountsSchema = Type.Object({
  READY: Count,
  CALLBACK: Count,
  DO_NOT_CALL: Count,
  COMPLETED: Count,
  EXHAUSTED: Count,
});

export const CampaignMetricsSchema = Type.Object({
  attempts: Count,
  answered: Count,
  connected: Count,
  busy: Count,
  noAnswer: Count,
  failed: Count,
  abandoned: Count,
  callbacksScheduled: Count,
  callbacksCompleted: Count,
  conversions: Count,
  contactRate: Share,
  connectRate: Share,
  abandonRate: Share,
  conversionRate: Share,
  averageWaitSeconds: AverageSeconds,
  averageTalkSeconds: AverageSeconds,
  /** Filled by billing and AI quality when they exist; null until then. */
  telephonyValue: Type.Null(),
  aiValue: Type.Null(),
});
export type CampaignMetrics = Static<typeof CampaignMetricsSchema>;

export const CampaignReportSchema = Type.Object({
  period: ReportPeriodSchema,
  totals: CampaignMetricsSchema,
  series: Type.Array(SeriesPoint(CampaignMetricsSchema)),
  campaigns: Type.Array(
    Type.Object({
      campaignId: Type.String(),
      name: Type.String(),
      /** The campaign's abandon-rate ceiling (0..1), which its dialer paces to. */
      abandonTarget: Type.Number(),
      /** Now, not over the period: the leads as they stand. */
      leads: LeadCountsSchema,
      metrics: CampaignMetricsSchema,
      dispositions: Type.Array(
        Type.Object({ dispositionId: Type.String(), code: Type.String(), name: Type.String(), action: Type.String(), count: Count }),
      ),
      /** The dialer's dial level and abandon rate over the period, per interval (null: it did not dial). */
      dialer: Type.Array(Type.Object({ start: Instant, dialLevel: OrNull(Type.Number()), abandonRate: Share })),
    }),
  ),
});
export type CampaignReport = Static<typeof CampaignReportSchema>;

export const DashboardSchema = Type.Object({
  at: Instant,
  timezone: Type.String(),
  liveCalls: Type.Object({ total: Count, inbound: Count, outbound: Count, internal: Count, talking: Count }),
  waitingCallers: Count,
  longestWaitSeconds: AverageSeconds,
  agents: Type.Object({
    LOGGED_OUT: Count,
    AVAILABLE: Count,
    PAUSED: Count,
    RESERVED: Count,
    RINGING: Count,
    IN_CALL: Count,
    WRAP_UP: Count,
    ON_EXTERNAL_CALL: Count,
  }),
  /** Today in the tenant's zone, from the rollups. */
  today: Type.Object({
    calls: Count,
    offered: Count,
    answered: Count,
    abandoned: Count,
    averageWaitSeconds: AverageSeconds,
    averageTalkSeconds: AverageSeconds,
    serviceLevel: Share,
    abandonRate: Share,
    /** The live queues' shared targets (null when they differ or there is no queue). */
    serviceLevelTarget: OrNull(Type.Number({ minimum: 0, maximum: 1 })),
    abandonRateTarget: OrNull(Type.Number({ minimum: 0, maximum: 1 })),
  }),
  /** The month's calls against the plan's limit; null when the plan sets none. */
  planConsumption: OrNull(Type.Object({ calls: Count, maxMonthlyCalls: Count, share: Type.Number({ minimum: 0 }) })),
  /** Billing fills this when it exists. */
  estimatedValue: Type.Null(),
});
export type Dashboard = Static<typeof DashboardSchema>;

const Meter = <T extends TSchema>(used: T) => Type.Object({ used, limit: OrNull(Type.Number({ minimum: 0 })) });

export const ConsumptionSchema = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  timezone: Type.String(),
  from: Instant,
  to: Instant,
  meters: Type.Object({
    calls: Meter(Count),
    minutes: Meter(Type.Number({ minimum: 0 })),
    activeDays: Meter(Count),
    recordingStorageGb: Meter(Type.Number({ minimum: 0 })),
    /** Null until AI quality meters its tokens. */
    aiTokens: Meter(OrNull(Count)),
  }),
});
export type Consumption = Static<typeof ConsumptionSchema>;

/** The filters every period report takes (the query string). */
export const ReportQuerySchema = Type.Object(
  {
    preset: Type.Optional(PeriodPresetSchema),
    from: Type.Optional(Instant),
    to: Type.Optional(Instant),
    interval: Type.Optional(ReportIntervalSchema),
    queueId: Type.Optional(Type.String({ format: 'uuid' })),
    agentId: Type.Optional(Type.String({ format: 'uuid' })),
    campaignId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuerySchema>;
