// The payload of the CAMPAIGN_DIALER_UPDATED realtime event: the dialer engine publishes it, the
// console's live panel reads it.
import { Type, type Static } from 'typebox';

const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/**
 * The payload of CAMPAIGN_DIALER_UPDATED: the dialer engine's view of one campaign after a pacing
 * tick (every 2 s while it dials), for the campaign page's live panel and charts (decision 0049).
 * The engine gives `at` (the tick's time); the publisher adds `type` and `tenantId` and stamps `at`
 * again with the moment it publishes.
 */
export const CampaignDialerUpdatedPayload = Type.Object(
  {
    campaignId: Type.String({ format: 'uuid' }),
    at: Type.String({ format: 'date-time' }),
    mode: Type.Union([Type.Literal('PROGRESSIVE'), Type.Literal('PREDICTIVE')]),
    /** Lines per active agent the abandon feedback allows now (campaign_dialer_state.dial_level). */
    dialLevel: Type.Number({ minimum: 1 }),
    /** Share of attempts answered (the statistics' answerProbability); null before any outcome. */
    answerRate: Rate,
    /** Share of answered calls abandoned (the statistics' abandonRate); null before any answer. */
    abandonRate: Rate,
    /** The campaign's abandon target (campaigns.abandon_target). */
    abandonTarget: Type.Number({ minimum: 0, maximum: 1 }),
    /** Calls originated and not answered yet. */
    callsRinging: Count,
    /** Calls answered and not yet connected to an agent. */
    answeredWaiting: Count,
    /** Attempts not ended (ringing, waiting, talking). */
    callsInFlight: Count,
    /** Calls placed by this tick. */
    placed: Count,
    /** The tick's pacing reasons (pacing.ts PacingReason, then the engine's own: CPS, WAITING_SCHEDULE, OUTSIDE_CALLING_HOURS, REAL_OUTBOUND_DISABLED). */
    reasons: Type.Array(Type.String()),
    agents: Type.Object({ available: Count, busy: Count }, { additionalProperties: false }),
    /** READY leads held back only by their calling window (state rules, holidays). */
    leadsWaitingWindow: Count,
  },
  { additionalProperties: false },
);
export type CampaignDialerUpdatedPayload = Static<typeof CampaignDialerUpdatedPayload>;
