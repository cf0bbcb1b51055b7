import { describe, expect, it } from 'vitest';
import { applyAgentStateChanges, newerChange, parseAgentStateChange, stateTone, type AgentStateChange } from './agent-state.ts';
import type { Agent } from './agents.api.ts';

const agent = (id: string, overrides: Partial<Agent> = {}): Agent => ({
  id,
  userId: `user-${id}`,
  userEmail: `${id}@example.test`,
  userName: null,
  extensionId: `ext-${id}`,
  extensionNumber: '1001',
  name: null,
  state: 'LOGGED_OUT',
  stateChangedAt: '2026-01-01T10:00:00.000Z',
  pauseReasonId: null,
  wrapUpSeconds: 10,
  maxNoAnswer: 0,
  rejectDelaySeconds: 0,
  busyDelaySeconds: 0,
  noAnswerDelaySeconds: 0,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
  ...overrides,
});

// As the gateway emits it: the publisher's type, tenantId and at around the presence payload.
const event = (fields: Record<string, unknown>) => ({
  type: 'AGENT_STATE_CHANGED',
  tenantId: 't1',
  at: '2026-01-01T10:05:00.000Z',
  agentId: 'a1',
  userId: 'user-a1',
  state: 'AVAILABLE',
  previousState: 'LOGGED_OUT',
  ...fields,
});

describe('parseAgentStateChange', () => {
  it('keeps what the list needs from a gateway event', () => {
    expect(parseAgentStateChange(event({ state: 'PAUSED', pauseReasonId: 'r1' }))).toEqual({
      agentId: 'a1',
      state: 'PAUSED',
      at: '2026-01-01T10:05:00.000Z',
      pauseReasonId: 'r1',
    });
    expect(parseAgentStateChange(event({}))?.pauseReasonId).toBeNull();
  });

  it('refuses payloads it cannot trust', () => {
    expect(parseAgentStateChange(null)).toBeNull();
    expect(parseAgentStateChange('AVAILABLE')).toBeNull();
    expect(parseAgentStateChange(event({ state: 'DANCING' }))).toBeNull();
    expect(parseAgentStateChange(event({ agentId: 7 }))).toBeNull();
    expect(parseAgentStateChange(event({ at: 'yesterday' }))).toBeNull();
  });
});

// One change at a time, as most events come.
const applyOne = (list: readonly Agent[], change: AgentStateChange) => applyAgentStateChanges(list, [change]);

describe('applyAgentStateChanges, one change', () => {
  const list = [agent('a1'), agent('a2', { state: 'AVAILABLE' })];

  it('moves one agent to the new state, since the event, leaving the others alone', () => {
    const next = applyOne(list, parseAgentStateChange(event({}))!);
    expect(next[0]).toMatchObject({
      id: 'a1',
      state: 'AVAILABLE',
      stateChangedAt: '2026-01-01T10:05:00.000Z',
    });
    expect(next[1]).toBe(list[1]);
    expect(list[0]!.state).toBe('LOGGED_OUT');
  });

  it('records the pause reason while paused and clears it afterwards', () => {
    const paused = applyOne(list, parseAgentStateChange(event({ state: 'PAUSED', pauseReasonId: 'r1' }))!,
    );
    expect(paused[0]).toMatchObject({ state: 'PAUSED', pauseReasonId: 'r1' });
    const resumed = applyOne(paused, parseAgentStateChange(event({ state: 'AVAILABLE', at: '2026-01-01T10:06:00.000Z' }))!,
    );
    expect(resumed[0]).toMatchObject({ state: 'AVAILABLE', pauseReasonId: null });
  });

  it('returns the same list for an unknown agent or an event older than the list', () => {
    expect(applyOne(list, parseAgentStateChange(event({ agentId: 'zz' }))!)).toBe(list);
    const stale = parseAgentStateChange(event({ at: '2026-01-01T09:59:59.000Z' }))!;
    expect(applyOne(list, stale)).toBe(list);
  });
});

describe('applyAgentStateChanges, a batch', () => {
  const list = [agent('a1'), agent('a2', { state: 'AVAILABLE' }), agent('a3')];
  const change = (fields: Record<string, unknown>) => parseAgentStateChange(event(fields))!;

  it('applies a batch in one new list, leaving the agents without a change as they were', () => {
    const next = applyAgentStateChanges(list, [change({ agentId: 'a1' }), change({ agentId: 'a3', state: 'PAUSED', pauseReasonId: 'r1' })]);
    expect(next.map((item) => item.state)).toEqual(['AVAILABLE', 'AVAILABLE', 'PAUSED']);
    expect(next[1]).toBe(list[1]);
    expect(next[2]!.pauseReasonId).toBe('r1');
    expect(list.map((item) => item.state)).toEqual(['LOGGED_OUT', 'AVAILABLE', 'LOGGED_OUT']);
  });

  it('returns the same list when nothing in the batch applies', () => {
    expect(applyAgentStateChanges(list, [])).toBe(list);
    expect(applyAgentStateChanges(list, [change({ agentId: 'zz' }), change({ at: '2026-01-01T09:00:00.000Z' })])).toBe(list);
  });
});

describe('newerChange', () => {
  const at = (time: string) => parseAgentStateChange(event({ at: `2026-01-01T${time}.000Z` }))!;

  it('keeps the change that happened last, whatever the order they arrive in', () => {
    expect(newerChange(at('10:00:00'), at('10:00:01')).at).toBe('2026-01-01T10:00:01.000Z');
    expect(newerChange(at('10:00:01'), at('10:00:00')).at).toBe('2026-01-01T10:00:01.000Z');
    const [first, second] = [at('10:00:00'), at('10:00:00')];
    expect(newerChange(first, second)).toBe(second);
  });
});

describe('stateTone', () => {
  it('tells out, ready, on a break and busy apart', () => {
    expect(stateTone('LOGGED_OUT')).toBe('offline');
    expect(stateTone('AVAILABLE')).toBe('available');
    expect(stateTone('PAUSED')).toBe('paused');
    expect(
      ['RESERVED', 'RINGING', 'IN_CALL', 'WRAP_UP', 'ON_EXTERNAL_CALL'].map((s) => stateTone(s as never)),
    ).toEqual(Array(5).fill('busy'));
  });
});
