import { Type, type Static } from 'typebox';
import { IdParams, Nullable, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { AGENT_STATES } from '../agents/agent-state.ts';
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
