// Pause reasons as a code list. Agents read them through /agents/me/pause-reasons, without agents.view.
import { PauseReason, PauseReasonCreateBody, PauseReasonPatchBody } from './pause-reasons.schema.ts';

export const PAUSE_REASONS = {
  table: 'pauseReasons',
  path: '/pause-reasons',
  label: 'Pause reason',
  resource: 'pauseReason',
  audit: { actionPrefix: 'PAUSE_REASON', targetType: 'pause_reason' },
  access: { read: 'agents.view', write: 'pause_reasons.manage' },
  schemas: { item: PauseReason, create: PauseReasonCreateBody, patch: PauseReasonPatchBody },
  extraColumns: [],
} as const;
