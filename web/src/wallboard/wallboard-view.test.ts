import { afterEach, describe, expect, it, vi } from 'vitest';
import { callStatus, currentCallByAgent, loggedInByState, throttle } from './wallboard-view.ts';
import type { CallInProgress } from './wallboard.api.ts';

const call = (fields: Partial<CallInProgress>): CallInProgress => ({
  id: 'c',
  direction: 'INBOUND',
  callerNumber: '5511987654321',
  calledNumber: '551130000000',
  queueId: null,
  agentId: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  answerAt: null,
  bridgedAt: null,
  ...fields,
});

describe('agents and their calls', () => {
  it('gives each agent its newest call in progress, and none to calls without an agent', () => {
    const older = call({ id: 'old', agentId: 'a1', createdAt: '2026-11-25T12:00:00.000Z' });
    const newer = call({ id: 'new', agentId: 'a1', createdAt: '2026-11-25T12:05:00.000Z' });
    const byAgent = currentCallByAgent([newer, older, call({ id: 'queued' })]);
    expect(byAgent.get('a1')?.id).toBe('new');
    expect(byAgent.size).toBe(1);
  });


  it('says where a call is: with an agent, waiting in a queue, answered elsewhere, or still ringing', () => {
    const at = '2026-11-25T12:00:10.000Z';
    expect(callStatus(call({ queueId: 'q', bridgedAt: at }))).toBe('talking');
    expect(callStatus(call({ queueId: 'q', answerAt: at }))).toBe('waiting');
    expect(callStatus(call({ answerAt: at }))).toBe('answered');
    expect(callStatus(call({}))).toBe('ringing');
  });

  it('shares logged-in agents among their states, leaving logged-out ones and empty states out', () => {
    const agents = [{ state: 'AVAILABLE' }, { state: 'AVAILABLE' }, { state: 'IN_CALL' }, { state: 'PAUSED' }, { state: 'LOGGED_OUT' }] as const;
    expect(loggedInByState(agents)).toEqual([
      { state: 'AVAILABLE', count: 2, share: 0.5 },
      { state: 'PAUSED', count: 1, share: 0.25 },
      { state: 'IN_CALL', count: 1, share: 0.25 },
    ]);
    expect(loggedInByState([{ state: 'LOGGED_OUT' }])).toEqual([]);
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('turns a burst into one call, and a later burst into one more', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 1000);
    for (let i = 0; i < 50; i++) throttled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    throttled();
    throttled();
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
