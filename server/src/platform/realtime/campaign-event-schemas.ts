// The payloads of CAMPAIGN_STATUS_CHANGED and CAMPAIGN_DIALER_UPDATED, shared by their publishers (the
// campaign operations, the dialer's own moves and ticks) and the console. The publisher adds `type`, `tenantId` and `at`.
import { Type, type Static } from 'typebox';
import { CAMPAIGN_STATUSES } from '../../modules/campaigns/campaign-state.ts';
import type { CampaignStatus } from '../db/schema.ts';
import { CampaignDialerUpdatedPayload } from '@callcenter/rules/campaign-dialer-update';

export { CampaignDialerUpdatedPayload };

const Status = Type.Unsafe<CampaignStatus>({ type: 'string', enum: [...CAMPAIGN_STATUSES] });

export const CampaignStatusChangedPayload = Type.Object(
  {
    campaignId: Type.String({ format: 'uuid' }),
    status: Status,
    previousStatus: Status,
    /** The operation (start, pause, drain, stop) or the system's reason (leads, schedule, completed, drained). */
    cause: Type.String(),
    /** Who did it; null for the system's own moves. */
    userId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type CampaignStatusChangedPayload = Static<typeof CampaignStatusChangedPayload>;
