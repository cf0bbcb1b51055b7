import { describe, expect, it } from 'vitest';
import type { CampaignStatus } from '../../platform/db/schema.ts';
import {
  CAMPAIGN_OPERATIONS,
  CAMPAIGN_STATUSES,
  availableOperations,
  isDeletable,
  nextCampaignStatus,
  systemCampaignStatus,
  type CampaignOperation,
} from './campaign-state.ts';

// The table of decision 0039, written out: `in` / `out` are the start's result inside and outside
// the schedule; '-' is a refused move (400).
const TABLE: Record<CampaignStatus, Record<CampaignOperation, string>> = {
  DRAFT: { start: '-', pause: '-', drain: '-', stop: 'STOPPED' },
  READY: { start: 'RUNNING|WAITING_SCHEDULE', pause: '-', drain: '-', stop: 'STOPPED' },
  RUNNING: { start: '-', pause: 'PAUSED', drain: 'DRAINING', stop: 'STOPPED' },
  WAITING_SCHEDULE: { start: '-', pause: 'PAUSED', drain: 'DRAINING', stop: 'STOPPED' },
  PAUSED: { start: 'RUNNING|WAITING_SCHEDULE', pause: '-', drain: 'DRAINING', stop: 'STOPPED' },
  DRAINING: { start: '-', pause: '-', drain: '-', stop: 'STOPPED' },
  STOPPED: { start: '-', pause: '-', drain: '-', stop: '-' },
  COMPLETED: { start: '-', pause: '-', drain: '-', stop: '-' },
};

describe('nextCampaignStatus: every status × operation', () => {
  for (const status of CAMPAIGN_STATUSES) {
    for (const operation of CAMPAIGN_OPERATIONS) {
      const expected = TABLE[status][operation];
      it(`${status} ${operation} → ${expected}`, () => {
        const inside = nextCampaignStatus(status, operation, { inSchedule: true });
        const outside = nextCampaignStatus(status, operation, { inSchedule: false });
        if (expected === '-') {
          expect([inside, outside]).toEqual([null, null]);
        } else {
          const [whenInside, whenOutside = whenInside] = expected.split('|');
          expect([inside, outside]).toEqual([whenInside, whenOutside]);
        }
      });
    }
  }

  it('pausing a PAUSED campaign is refused (the specification’s example)', () => {
    expect(nextCampaignStatus('PAUSED', 'pause', { inSchedule: true })).toBeNull();
  });

  it('offers exactly the moves of the table', () => {
    for (const status of CAMPAIGN_STATUSES) {
      expect(availableOperations(status), status).toEqual(CAMPAIGN_OPERATIONS.filter((operation) => TABLE[status][operation] !== '-'));
    }
  });
});

describe('systemCampaignStatus', () => {
  const facts = (leadsLeft: number, inFlight: number, inSchedule = true) => ({ leadsLeft, inFlight, inSchedule });

  it('leads make a DRAFT or a COMPLETED campaign READY; none leave it', () => {
    expect(systemCampaignStatus('DRAFT', facts(10, 0))).toBe('READY');
    expect(systemCampaignStatus('COMPLETED', facts(1, 0))).toBe('READY');
    expect(systemCampaignStatus('DRAFT', facts(0, 0))).toBeNull();
    expect(systemCampaignStatus('COMPLETED', facts(0, 0))).toBeNull();
  });

  it('follows the schedule between RUNNING and WAITING_SCHEDULE', () => {
    expect(systemCampaignStatus('RUNNING', facts(5, 1, false))).toBe('WAITING_SCHEDULE');
    expect(systemCampaignStatus('RUNNING', facts(5, 1, true))).toBeNull();
    expect(systemCampaignStatus('WAITING_SCHEDULE', facts(5, 0, true))).toBe('RUNNING');
    expect(systemCampaignStatus('WAITING_SCHEDULE', facts(5, 0, false))).toBeNull();
  });

  it('completes only when nothing is left to dial and nothing is in flight', () => {
    expect(systemCampaignStatus('RUNNING', facts(0, 0))).toBe('COMPLETED');
    expect(systemCampaignStatus('RUNNING', facts(0, 2))).toBeNull();
    expect(systemCampaignStatus('WAITING_SCHEDULE', facts(0, 0, false))).toBe('COMPLETED');
  });

  it('a draining campaign stops once its last call ended', () => {
    expect(systemCampaignStatus('DRAINING', facts(50, 1))).toBeNull();
    expect(systemCampaignStatus('DRAINING', facts(50, 0))).toBe('STOPPED');
  });

  it('never moves a READY, PAUSED or STOPPED campaign', () => {
    for (const status of ['READY', 'PAUSED', 'STOPPED'] as const) {
      for (const f of [facts(0, 0), facts(5, 0), facts(5, 3, false)]) expect(systemCampaignStatus(status, f)).toBeNull();
    }
  });
});

describe('isDeletable', () => {
  it('refuses RUNNING and DRAINING only', () => {
    expect(CAMPAIGN_STATUSES.filter((status) => !isDeletable(status))).toEqual(['RUNNING', 'DRAINING']);
  });
});
