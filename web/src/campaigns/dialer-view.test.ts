import { describe, expect, it } from 'vitest';
import type { DialerSample, DialerStatus } from './campaigns.api.ts';
import {
  abandonState,
  agentShares,
  appendLive,
  chartColumns,
  currentDialer,
  formatLevel,
  formatRate,
  parseDialerEvent,
  reasonKeys,
  seriesSummary,
  totals,
  type DialerEvent,
} from './dialer-view.ts';

const CAMPAIGN = '7b0c3c52-8f5e-4a43-9d7e-0d8f1c1a2b3c';
const event = (fields: Partial<DialerEvent> = {}): DialerEvent => ({
  campaignId: CAMPAIGN,
  at: '2026-11-26T14:00:02.000Z',
  mode: 'PREDICTIVE',
  dialLevel: 2.4,
  answerRate: 0.31,
  abandonRate: 0.021,
  abandonTarget: 0.03,
  callsRinging: 7,
  answeredWaiting: 1,
  callsInFlight: 19,
  placed: 3,
  reasons: ['DIAL_LEVEL'],
  agents: { available: 2, busy: 10 },
  leadsWaitingWindow: 4,
  ...fields,
});
const status: DialerStatus = {
  mode: 'PROGRESSIVE',
  answerRate: null,
  abandonTarget: 0.03,
  abandonAfterSeconds: 2,
  callsRinging: 1,
  answeredWaiting: 0,
  callsInFlight: 2,
  reasons: ['PROGRESSIVE_UNTRUSTED'],
  leadsWaitingWindow: 0,
  updatedAt: '2026-11-26T14:00:00.000Z',
};
const sample = (minute: string, fields: Partial<DialerSample> = {}): DialerSample => ({
  minute,
  dialLevel: 1,
  answerRate: null,
  abandonRate: null,
  callsInFlight: 0,
  agentsAvailable: 0,
  agentsBusy: 0,
  attempts: 0,
  answered: 0,
  abandoned: 0,
  ...fields,
});

describe('parseDialerEvent', () => {
  it('accepts this campaign’s well-formed event', () => {
    expect(parseDialerEvent({ ...event(), type: 'CAMPAIGN_DIALER_UPDATED', tenantId: 'x' }, CAMPAIGN)).toMatchObject({ dialLevel: 2.4, placed: 3 });
  });

  it('ignores another campaign’s event and malformed ones', () => {
    expect(parseDialerEvent(event({ campaignId: 'other' }), CAMPAIGN)).toBeNull();
    expect(parseDialerEvent({ ...event(), dialLevel: '2' }, CAMPAIGN)).toBeNull();
    expect(parseDialerEvent({ ...event(), abandonRate: 1.2 }, CAMPAIGN)).toBeNull();
    expect(parseDialerEvent({ ...event(), agents: undefined }, CAMPAIGN)).toBeNull();
    expect(parseDialerEvent({ ...event(), callsRinging: -1 }, CAMPAIGN)).toBeNull();
    expect(parseDialerEvent(null, CAMPAIGN)).toBeNull();
  });
});

describe('currentDialer', () => {
  const stats = { dialer: status, dialLevel: 1.2, abandonRate: null };

  it('shows the event when it is newer than the stats, with its agents', () => {
    expect(currentDialer(stats, event())).toMatchObject({ mode: 'PREDICTIVE', dialLevel: 2.4, agents: { available: 2, busy: 10 }, at: '2026-11-26T14:00:02.000Z' });
  });

  it('falls back to the stats when they are newer or there is no event', () => {
    expect(currentDialer(stats, event({ at: '2026-11-26T13:59:58.000Z' }))).toMatchObject({ mode: 'PROGRESSIVE', dialLevel: 1.2, callsInFlight: 2, agents: null });
    expect(currentDialer(stats, null)).toMatchObject({ dialLevel: 1.2, reasons: ['PROGRESSIVE_UNTRUSTED'] });
  });

  it('is empty before the dialer ever ran, unless an event came', () => {
    expect(currentDialer({ dialer: null, dialLevel: null, abandonRate: null }, null)).toBeNull();
    expect(currentDialer({ dialer: null, dialLevel: null, abandonRate: null }, event())).toMatchObject({ dialLevel: 2.4 });
  });
});

describe('abandonState', () => {
  it('is over only above the target', () => {
    expect(abandonState(0.031, 0.03)).toBe('over');
    expect(abandonState(0.03, 0.03)).toBe('within');
    expect(abandonState(null, 0.03)).toBe('unknown');
  });
});

describe('reasonKeys', () => {
  it('names known reasons once each, unknown ones by their code', () => {
    expect(reasonKeys(['CPS', 'NO_AGENTS', 'CPS', 'OUTSIDE_CALLING_HOURS', 'NEW_THING'])).toEqual([
      { key: 'campaigns.live.reasons.CPS', code: 'CPS' },
      { key: 'campaigns.live.reasons.NO_AGENTS', code: 'NO_AGENTS' },
      { key: 'campaigns.live.reasons.OUTSIDE_CALLING_HOURS', code: 'OUTSIDE_CALLING_HOURS' },
      { key: 'campaigns.live.reasons.other', code: 'NEW_THING' },
    ]);
  });
});

describe('appendLive', () => {
  it('updates the event’s minute with its levels and adds the calls it placed', () => {
    const samples = [sample('2026-11-26T13:59:00.000Z'), sample('2026-11-26T14:00:00.000Z', { attempts: 5, answered: 2 })];
    const next = appendLive(samples, event(), 60);
    expect(next).toHaveLength(2);
    expect(next[1]).toEqual({ ...sample('2026-11-26T14:00:00.000Z'), dialLevel: 2.4, answerRate: 0.31, abandonRate: 0.021, callsInFlight: 19, agentsAvailable: 2, agentsBusy: 10, attempts: 8, answered: 2 });
    expect(samples[1]!.attempts).toBe(5);
  });

  it('appends a new minute and drops what left the window', () => {
    const samples = [sample('2026-11-26T12:59:00.000Z'), sample('2026-11-26T13:01:00.000Z')];
    const next = appendLive(samples, event(), 60);
    expect(next.map((one) => one.minute)).toEqual(['2026-11-26T13:01:00.000Z', '2026-11-26T14:00:00.000Z']);
    expect(next[1]).toMatchObject({ attempts: 3, answered: 0, dialLevel: 2.4 });
  });

  it('leaves the history alone for an event older than its last minute', () => {
    const samples = [sample('2026-11-26T14:01:00.000Z', { attempts: 1 })];
    expect(appendLive(samples, event(), 60)).toEqual(samples);
  });
});

describe('chartColumns', () => {
  it('gives epoch seconds, rates in percent and a flat target', () => {
    const columns = chartColumns([sample('2026-11-26T14:00:00.000Z', { answerRate: 0.314, abandonRate: null, attempts: 4, answered: 1 })], 0.03);
    expect(columns).toEqual({
      x: [Date.parse('2026-11-26T14:00:00.000Z') / 1000],
      dialLevel: [1],
      answerRate: [31.4],
      abandonRate: [null],
      abandonTarget: [3],
      attempts: [4],
      answered: [1],
    });
  });
});

describe('formatRate and formatLevel', () => {
  it('use the locale’s separators', () => {
    expect(formatRate(0.025, 'en')).toBe('2.5%');
    expect(formatRate(0.025, 'pt-BR')).toMatch(/^2,5\s?%$/);
    expect(formatRate(null, 'en')).toBe('—');
    expect(formatLevel(2.345, 'pt-BR')).toBe('2,35');
    expect(formatLevel(2, 'en')).toBe('2');
  });
});

describe('seriesSummary and totals', () => {
  it('summarise the known values', () => {
    expect(seriesSummary([null, 2, 1.5, null])).toEqual({ min: 1.5, max: 2, last: 1.5 });
    expect(seriesSummary([null])).toBeNull();
    expect(totals([sample('2026-11-26T14:00:00.000Z', { attempts: 4, answered: 1 }), sample('2026-11-26T14:01:00.000Z', { attempts: 2, answered: 2 })])).toEqual({ attempts: 6, answered: 3 });
  });
});

describe('agentShares', () => {
  it('lists logged-in states with agents, in the states’ order, with their share', () => {
    expect(agentShares({ LOGGED_OUT: 5, IN_CALL: 3, AVAILABLE: 1, PAUSED: 0 })).toEqual([
      { state: 'AVAILABLE', count: 1, share: 0.25 },
      { state: 'IN_CALL', count: 3, share: 0.75 },
    ]);
    expect(agentShares({ LOGGED_OUT: 2 })).toEqual([]);
  });
});
