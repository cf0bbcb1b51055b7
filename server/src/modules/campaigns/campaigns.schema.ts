import { Type, type Static, type TOptional } from 'typebox';
import { IdParams, Nullable, Timestamp, Uuid } from '../../platform/http/schemas.ts';
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
  callerId: Type.Optional(Nullable(Type.String({ pattern: '^\\+?[0-9]{3,20}$' }))),
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

/** GET /campaigns/:id/stats, the contract's shape (decision 0043). */
export const CampaignStats = Type.Object({
  /** The campaign's leads by status; every status present, 0 when none. */
  leads: LeadCounts,
  /** Calls the campaign placed (calls with its campaignId, until the dialer's attempts table). */
  attempts: Count,
  /** Of those, the calls answered. */
  answered: Count,
  /** Filled by the dialer's statistics; null until then. */
  abandonRate: Nullable(Type.Number()),
  /** The agents of the campaign's queue (its tiers) by current state; every state present. */
  agents: AgentCounts,
  /** Calls of the campaign not ended yet. */
  callsInProgress: Count,
  /** Lines dialed per available agent, from the dialer; null until then. */
  dialLevel: Nullable(Type.Number()),
});
export type CampaignStats = Static<typeof CampaignStats>;
