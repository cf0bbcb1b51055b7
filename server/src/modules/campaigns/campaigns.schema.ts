import { Type, type Static, type TOptional } from 'typebox';
import { IdParams, Nullable, StrictObject, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { AGENT_STATES } from '../agents/agent-state.ts';
import { STATE_POLICIES, type StatePolicyId } from '../dialer/calling-hours.ts';
import { DEFAULT_RETRY_MINUTES, type RetryDelays } from '../dialer/retry.ts';
import { CAMPAIGN_OPERATIONS, CAMPAIGN_STATUSES } from './campaign-state.ts';

export const CampaignStatusSchema = Type.Enum(CAMPAIGN_STATUSES);

/** Local "HH:MM"; an end may be "24:00" (the end of the day). */
const Time = Type.String({ pattern: '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' });
const CallingWindow = Type.Object({ start: Time, end: Time }, { additionalProperties: false });
const Windows = Type.Optional(Type.Array(CallingWindow, { maxItems: 4 }));
/** Calling windows per weekday in the campaign's time zone; a day left out is not called. */
export const Schedule = Type.Object(
  { mon: Windows, tue: Windows, wed: Windows, thu: Windows, fri: Windows, sat: Windows, sun: Windows },
  { additionalProperties: false },
);

/** The state calling-hour policies a campaign may observe (decision 0045), from the dialer's own table. */
export const STATE_POLICY_IDS = Object.keys(STATE_POLICIES) as StatePolicyId[];
/** Retry delays in minutes, one week at most (a retry later than that is a new campaign's job). */
const RetryDelay = Type.Integer({ minimum: 1, maximum: 10_080 });
/** The outcomes a lead is retried after (retry.ts DEFAULT_RETRY_MINUTES has a delay for each). */
export const RETRY_OUTCOMES = Object.keys(DEFAULT_RETRY_MINUTES) as (keyof RetryDelays)[];
/** Overrides of the retry delays by outcome; an outcome left out keeps the default (decision 0044). */
export const RetryMinutes = Type.Object(
  Object.fromEntries(RETRY_OUTCOMES.map((outcome) => [outcome, Type.Optional(RetryDelay)])) as Record<keyof RetryDelays, TOptional<typeof RetryDelay>>,
  { additionalProperties: false },
);
export type RetryMinutes = Static<typeof RetryMinutes>;
export const CallingPolicies = Type.Array(Type.Enum(STATE_POLICY_IDS), { uniqueItems: true, maxItems: STATE_POLICY_IDS.length });

export const Campaign = Type.Object({
  id: Type.String(),
  name: Type.String(),
  queueId: Type.String(),
  trunkId: Type.String(),
  pacingMin: Type.Number(),
  pacingMax: Type.Number(),
  recordingEnabled: Type.Boolean(),
  timezone: Type.String(),
  callerId: Nullable(Type.String()),
  maxAttempts: Type.Integer(),
  schedule: Schedule,
  /** Calls per second this campaign may originate (its CPS bucket); null: no campaign limit. */
  cpsLimit: Nullable(Type.Integer()),
  /** The abandon rate pacing holds under, a fraction of answered calls (0.03 = 3%). */
  abandonTarget: Type.Number(),
  /** An answered call not connected to an agent within this many seconds counts as abandoned. */
  abandonAfterSeconds: Type.Integer(),
  retryMinutes: RetryMinutes,
  callingPolicies: CallingPolicies,
  /** The campaign has its own abandon message (decision 0052); without one the dialer plays the default. */
  hasAbandonMessage: Type.Boolean(),
  abandonMessageSizeBytes: Nullable(Type.Integer()),
  status: CampaignStatusSchema,
  statusChangedAt: Timestamp,
  /** The operations the status allows now (start, pause, drain, stop), for consoles. */
  operations: Type.Array(Type.Enum(CAMPAIGN_OPERATIONS)),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Campaign = Static<typeof Campaign>;

const Name = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
/** Lines dialed per available agent. */
const Pacing = Type.Number({ minimum: 1, maximum: 10, multipleOf: 0.01 });
const Settings = {
  recordingEnabled: Type.Optional(Type.Boolean()),
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** One of the tenant's numbers (GET /numbers), any written form; stored in E.164. */
  callerId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40 }))),
  maxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  schedule: Type.Optional(Schedule),
  // The dialer's settings (decision 0048): the engine reads them on every tick, so they apply live.
  cpsLimit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
  abandonTarget: Type.Optional(Type.Number({ minimum: 0.001, maximum: 0.2 })),
  abandonAfterSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
  retryMinutes: Type.Optional(RetryMinutes),
  callingPolicies: Type.Optional(CallingPolicies),
};

export const CampaignCreateBody = Type.Object(
  { name: Name, queueId: Uuid, trunkId: Uuid, pacingMin: Pacing, pacingMax: Pacing, ...Settings },
  { additionalProperties: false },
);
export type CampaignCreateBody = Static<typeof CampaignCreateBody>;

export const CampaignPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    queueId: Type.Optional(Uuid),
    trunkId: Type.Optional(Uuid),
    pacingMin: Type.Optional(Pacing),
    pacingMax: Type.Optional(Pacing),
    ...Settings,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CampaignPatchBody = Static<typeof CampaignPatchBody>;

export const CampaignParams = IdParams;
export const CampaignOperationParams = Type.Object({ id: Uuid, operation: Type.Enum(CAMPAIGN_OPERATIONS) });

const Count = Type.Integer({ minimum: 0 });
const LeadCounts = Type.Object({ READY: Count, CALLBACK: Count, DO_NOT_CALL: Count, COMPLETED: Count, EXHAUSTED: Count });
const AgentCounts = Type.Object(Object.fromEntries(AGENT_STATES.map((state) => [state, Count])) as Record<(typeof AGENT_STATES)[number], typeof Count>);

const Rate = Nullable(Type.Number({ minimum: 0, maximum: 1 }));

const DialerView = Type.Object({
  mode: Type.Union([Type.Literal('PROGRESSIVE'), Type.Literal('PREDICTIVE')]),
  /** Share of attempts answered (the statistics' answerProbability); null before any outcome. */
  answerRate: Rate,
  /** The campaign's abandon target (0..1). */
  abandonTarget: Type.Number(),
  /** An answered call with no agent after this many seconds counts as abandoned. */
  abandonAfterSeconds: Count,
  /** Attempts originated and not answered yet. */
  callsRinging: Count,
  /** Attempts answered and not yet connected to an agent. */
  answeredWaiting: Count,
  /** Attempts not ended (ringing, waiting or talking). */
  callsInFlight: Count,
  /** The last pacing decision's reasons (pacing.ts PacingReason). */
  reasons: Type.Array(Type.String()),
  /** READY leads held back only by their calling window. */
  leadsWaitingWindow: Count,
  /** When the dialer last wrote its state. */
  updatedAt: Timestamp,
});

const ShortCallsView = Type.Object({
  /** Outbound calls (dialer included) answered and ended today, in the tenant's time zone. */
  today: Count,
  /** Of those, the calls that lasted 6 s or less from answer to hang-up. */
  shortToday: Count,
  /** shortToday / today (0 when none). */
  share: Type.Number({ minimum: 0, maximum: 1 }),
  /** The tenant's threshold (tenants.short_call_threshold). */
  threshold: Type.Number(),
  level: Type.Union([Type.Literal('OK'), Type.Literal('NOTICE'), Type.Literal('WARNING'), Type.Literal('CRITICAL')]),
  /** Answered calls a day before the share is acted on: below it the level stays OK whatever the share. */
  minCalls: Count,
});

/** GET /campaigns/:id/stats, the contract's shape (decision 0043) plus `dialer` and `shortCalls` (decision 0049). */
export const CampaignStats = Type.Object({
  /** The campaign's leads by status; every status present, 0 when none. */
  leads: LeadCounts,
  /** Dial attempts the campaign placed (dial_attempts). */
  attempts: Count,
  /** Of those, the attempts answered (by a person or a machine). */
  answered: Count,
  /** Share of answered calls abandoned, from the dialer's statistics; null until it has a row. */
  abandonRate: Nullable(Type.Number()),
  /** The agents of the campaign's queue (its tiers) by current state; every state present. */
  agents: AgentCounts,
  /** Calls of the campaign not ended yet. */
  callsInProgress: Count,
  /** Lines dialed per available agent, from the dialer; null until then. */
  dialLevel: Nullable(Type.Number()),
  /** The dialer's live view of the campaign (decision 0049); null until the dialer has a row for it. */
  dialer: Nullable(DialerView),
  /** The tenant's short calls today (Anatel's rule), every campaign and outbound call together. */
  shortCalls: ShortCallsView,
});
export type CampaignStats = Static<typeof CampaignStats>;

export const StatsHistoryQuery = StrictObject({ minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, default: 60 })) });

/** GET /campaigns/:id/stats/history: the dialer's per-minute samples, oldest first (decision 0049). */
export const StatsHistory = Type.Object({
  samples: Type.Array(
    Type.Object({
      minute: Timestamp,
      dialLevel: Type.Number(),
      answerRate: Nullable(Type.Number()),
      abandonRate: Nullable(Type.Number()),
      callsInFlight: Count,
      agentsAvailable: Count,
      agentsBusy: Count,
      attempts: Count,
      answered: Count,
      abandoned: Count,
    }),
  ),
});
export type StatsHistory = Static<typeof StatsHistory>;
