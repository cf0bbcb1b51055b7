import { describe, expect, it } from 'vitest';
import { applyAgentStateChange, parseAgentStateChange, stateTone } from './agent-state.ts';
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

describe('applyAgentStateChange', () => {
  const list = [agent('a1'), agent('a2', { state: 'AVAILABLE' })];

  it('moves one agent to the new state, since the event, leaving the others alone', () => {
    const next = applyAgentStateChange(list, parseAgentStateChange(event({}))!);
    expect(next[0]).toMatchObject({
      id: 'a1',
      state: 'AVAILABLE',
      stateChangedAt: '2026-01-01T10:05:00.000Z',
    });
    expect(next[1]).toBe(list[1]);
    expect(list[0]!.state).toBe('LOGGED_OUT');
  });

  it('records the pause reason while paused and clears it afterwards', () => {
    const paused = applyAgentStateChange(
      list,
      parseAgentStateChange(event({ state: 'PAUSED', pauseReasonId: 'r1' }))!,
    );
    expect(paused[0]).toMatchObject({ state: 'PAUSED', pauseReasonId: 'r1' });
    const resumed = applyAgentStateChange(
      paused,
      parseAgentStateChange(event({ state: 'AVAILABLE', at: '2026-01-01T10:06:00.000Z' }))!,
    );
    expect(resumed[0]).toMatchObject({ state: 'AVAILABLE', pauseReasonId: null });
  });

  it('returns the same list for an unknown agent or an event older than the list', () => {
    expect(applyAgentStateChange(list, parseAgentStateChange(event({ agentId: 'zz' }))!)).toBe(list);
    const stale = parseAgentStateChange(event({ at: '2026-01-01T09:59:59.000Z' }))!;
    expect(applyAgentStateChange(list, stale)).toBe(list);
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
