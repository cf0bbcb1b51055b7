// The campaign state machine (decision 0039): what an operation does in each state, and the moves
// the system makes on its own. Pure and exhaustive: a state or an operation added without a row
// here does not compile.
import type { CampaignStatus } from '../../platform/db/schema.ts';

export const CAMPAIGN_STATUSES = ['DRAFT', 'READY', 'RUNNING', 'WAITING_SCHEDULE', 'PAUSED', 'DRAINING', 'STOPPED', 'COMPLETED'] as const satisfies readonly CampaignStatus[];
export const CAMPAIGN_OPERATIONS = ['start', 'pause', 'drain', 'stop'] as const;
export type CampaignOperation = (typeof CAMPAIGN_OPERATIONS)[number];

/** What an operation needs to know besides the state: whether the schedule allows calling now. */
export interface OperationContext {
  inSchedule: boolean;
}

/** Where a start lands: calling now, or waiting for the next window. */
const started = (context: OperationContext): CampaignStatus => (context.inSchedule ? 'RUNNING' : 'WAITING_SCHEDULE');

/**
 * The next status of a campaign after an operation by a user, or null when the move is not in the
 * table (the API answers 400 INVALID_CAMPAIGN_TRANSITION and changes nothing).
 */
export function nextCampaignStatus(status: CampaignStatus, operation: CampaignOperation, context: OperationContext): CampaignStatus | null {
  switch (status) {
    // Nothing to dial yet: leads make it READY.
    case 'DRAFT':
      return operation === 'stop' ? 'STOPPED' : null;
    case 'READY':
      if (operation === 'start') return started(context);
      return operation === 'stop' ? 'STOPPED' : null;
    case 'RUNNING':
    case 'WAITING_SCHEDULE':
      if (operation === 'pause') return 'PAUSED';
      if (operation === 'drain') return 'DRAINING';
      return operation === 'stop' ? 'STOPPED' : null;
    case 'PAUSED':
      if (operation === 'start') return started(context);
      if (operation === 'drain') return 'DRAINING';
      return operation === 'stop' ? 'STOPPED' : null;
    // Finishing the calls in flight, no new ones: only a stop shortens it.
    case 'DRAINING':
      return operation === 'stop' ? 'STOPPED' : null;
    case 'STOPPED':
    case 'COMPLETED':
      return null;
  }
}

/** What the system observes about a campaign when it decides a move of its own. */
export interface CampaignFacts {
  /** Leads that may still be dialed (READY, or CALLBACK whatever their time). */
  leadsLeft: number;
  /** Attempts originated and not finished. */
  inFlight: number;
  inSchedule: boolean;
}

/**
 * The move the system makes on its own (the dialer's tick, a lead import), or null: leads turn a
 * DRAFT (or a COMPLETED campaign) READY; the schedule moves RUNNING ⇄ WAITING_SCHEDULE; a campaign
 * with nothing left and nothing in flight is COMPLETED; a drained one is STOPPED.
 */
export function systemCampaignStatus(status: CampaignStatus, facts: CampaignFacts): CampaignStatus | null {
  const done = facts.leadsLeft === 0 && facts.inFlight === 0;
  switch (status) {
    case 'DRAFT':
    case 'COMPLETED':
      return facts.leadsLeft > 0 ? 'READY' : null;
    case 'RUNNING':
      if (done) return 'COMPLETED';
      return facts.inSchedule ? null : 'WAITING_SCHEDULE';
    case 'WAITING_SCHEDULE':
      if (done) return 'COMPLETED';
      return facts.inSchedule ? 'RUNNING' : null;
    case 'DRAINING':
      return facts.inFlight === 0 ? 'STOPPED' : null;
    case 'READY':
    case 'PAUSED':
    case 'STOPPED':
      return null;
  }
}

/** DELETE is refused while the dialer may be placing or finishing calls. */
export const isDeletable = (status: CampaignStatus): boolean => status !== 'RUNNING' && status !== 'DRAINING';

/** The operations a console may offer in a state (the same table). */
export const availableOperations = (status: CampaignStatus): CampaignOperation[] =>
  CAMPAIGN_OPERATIONS.filter((operation) => nextCampaignStatus(status, operation, { inSchedule: true }) !== null);
