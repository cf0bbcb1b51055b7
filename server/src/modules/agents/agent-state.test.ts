import { describe, expect, it } from 'vitest';
import type { AgentState } from '../../platform/db/schema.ts';
import {
  AGENT_OPERATIONS,
  AGENT_STATES,
  isLoggedIn,
  nextAgentState,
  switchStatusOf,
  type AgentOperation,
} from './agent-state.ts';

// The whole table, written out: every state × operation. null = refused (400 INVALID_AGENT_TRANSITION).
const EXPECTED: Record<AgentState, Record<AgentOperation, AgentState | null>> = {
  LOGGED_OUT: { login: 'AVAILABLE', pause: null, resume: null, logout: null, endWrapUp: null },
  AVAILABLE: { login: null, pause: 'PAUSED', resume: null, logout: 'LOGGED_OUT', endWrapUp: null },
  PAUSED: { login: null, pause: null, resume: 'AVAILABLE', logout: 'LOGGED_OUT', endWrapUp: null },
  RESERVED: { login: null, pause: null, resume: null, logout: null, endWrapUp: null },
  RINGING: { login: null, pause: null, resume: null, logout: null, endWrapUp: null },
  IN_CALL: { login: null, pause: null, resume: null, logout: null, endWrapUp: null },
  WRAP_UP: { login: null, pause: null, resume: null, logout: null, endWrapUp: 'AVAILABLE' },
  ON_EXTERNAL_CALL: { login: null, pause: null, resume: null, logout: null, endWrapUp: null },
};

describe('nextAgentState', () => {
  it('knows the eight states of the database CHECK and the five operations', () => {
    expect([...AGENT_STATES].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(AGENT_STATES).toHaveLength(8);
    expect(AGENT_OPERATIONS).toEqual(['login', 'pause', 'resume', 'logout', 'endWrapUp']);
  });

  for (const state of AGENT_STATES) {
    for (const operation of AGENT_OPERATIONS) {
      const expected = EXPECTED[state][operation];
      it(`${state} --${operation}--> ${expected ?? 'refused'}`, () => {
        expect(nextAgentState(state, operation)).toBe(expected);
      });
    }
  }
});

describe('switchStatusOf', () => {
  it('maps presence states to mod_callcenter statuses; call states stay Available', () => {
    expect(switchStatusOf('LOGGED_OUT')).toBe('Logged Out');
    expect(switchStatusOf('PAUSED')).toBe('On Break');
    for (const state of [
      'AVAILABLE',
      'RESERVED',
      'RINGING',
      'IN_CALL',
      'WRAP_UP',
      'ON_EXTERNAL_CALL',
    ] as const) {
      expect(switchStatusOf(state)).toBe('Available');
    }
  });

  it('the status after each allowed move is the one the specification names', () => {
    expect(switchStatusOf(nextAgentState('LOGGED_OUT', 'login')!)).toBe('Available');
    expect(switchStatusOf(nextAgentState('AVAILABLE', 'pause')!)).toBe('On Break');
    expect(switchStatusOf(nextAgentState('PAUSED', 'resume')!)).toBe('Available');
    expect(switchStatusOf(nextAgentState('PAUSED', 'logout')!)).toBe('Logged Out');
  });
});

describe('isLoggedIn', () => {
  it('is false only for LOGGED_OUT', () => {
    expect(AGENT_STATES.filter((state) => !isLoggedIn(state))).toEqual(['LOGGED_OUT']);
  });
});
