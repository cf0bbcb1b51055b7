import { describe, expect, it } from 'vitest';
import { AGENT_STATES } from '../../modules/agents/agent-state.ts';
import type { AgentState } from '../../platform/db/schema.ts';
import {
  SWITCH_AGENT_STATES,
  SWITCH_AGENT_STATUSES,
  extensionOfPresence,
  isInWrapUp,
  isQueueLeg,
  isWithdrawnOffer,
  parseAgentName,
  parseSwitchState,
  parseSwitchStatus,
  stateFromSwitch,
  stateOnAgentStateEvent,
  stateOnExternalCallEnd,
  stateOnExternalCallStart,
  stateOnMaxNoAnswer,
  stateOnOfferWithdrawn,
  type SwitchAgentState,
  type SwitchAgentStatus,
} from './agent-mapping.ts';

const view = (status: SwitchAgentStatus | null, state: SwitchAgentState | null, extra: { inWrapUp?: boolean; externalCall?: boolean } = {}) => ({
  status,
  state,
  inWrapUp: extra.inWrapUp ?? false,
  externalCall: extra.externalCall ?? false,
});

describe('mod_callcenter names', () => {
  it('reads every status and state case-insensitively, like cc_agent_str2status/str2state; unknown is null', () => {
    for (const status of SWITCH_AGENT_STATUSES) expect(parseSwitchStatus(status.toUpperCase())).toBe(status);
    for (const state of SWITCH_AGENT_STATES) expect(parseSwitchState(` ${state.toLowerCase()} `)).toBe(state);
    expect(parseSwitchStatus('Busy')).toBeNull();
    expect(parseSwitchState(undefined)).toBeNull();
  });

  it('finds the agent id only in our own agent names', () => {
    const id = '0b5e3f4c-8a51-4d2c-9a0e-1f2b3c4d5e6f';
    expect(parseAgentName(`a-${id}`)).toBe(id);
    expect(parseAgentName(`a-${id.toUpperCase()}`)).toBe(id);
    expect(parseAgentName('1000@default')).toBeNull();
    expect(parseAgentName(`q-${id}`)).toBeNull();
    expect(parseAgentName(`a-${id}x`)).toBeNull();
  });
});

describe('stateFromSwitch: every mod_callcenter status × state', () => {
  // The expected platform state for a logged-in, not paused agent (AVAILABLE here).
  const expected = (status: SwitchAgentStatus, state: SwitchAgentState): AgentState => {
    if (state === 'Reserved') return 'RESERVED';
    if (state === 'Receiving') return 'RINGING';
    if (state === 'In a queue call') return 'IN_CALL';
    if (status !== 'Available' && status !== 'Available (On Demand)') return 'AVAILABLE';
    return state === 'Idle' ? 'WRAP_UP' : 'AVAILABLE';
  };
  for (const status of SWITCH_AGENT_STATUSES) {
    for (const state of SWITCH_AGENT_STATES) {
      it(`${status} / ${state}`, () => {
        expect(stateFromSwitch('AVAILABLE', view(status, state))).toBe(expected(status, state));
        // The platform's own states never move, whatever the switch says.
        expect(stateFromSwitch('LOGGED_OUT', view(status, state, { externalCall: true }))).toBeNull();
        expect(stateFromSwitch('PAUSED', view(status, state, { externalCall: true }))).toBeNull();
      });
    }
  }

  it('Waiting inside the module’s wrap-up is WRAP_UP; a call not from a queue is ON_EXTERNAL_CALL, below a queue call', () => {
    expect(stateFromSwitch('IN_CALL', view('Available', 'Waiting', { inWrapUp: true }))).toBe('WRAP_UP');
    expect(stateFromSwitch('WRAP_UP', view('Available', 'Waiting'))).toBe('AVAILABLE');
    expect(stateFromSwitch('AVAILABLE', view('Available', 'Waiting', { externalCall: true, inWrapUp: true }))).toBe('ON_EXTERNAL_CALL');
    expect(stateFromSwitch('ON_EXTERNAL_CALL', view('Available', 'Receiving', { externalCall: true }))).toBe('RINGING');
    // The switch forgot the agent (restart): no call there, so none here.
    expect(stateFromSwitch('IN_CALL', view(null, null))).toBe('AVAILABLE');
  });
});

describe('agent-state-change events', () => {
  const driven: AgentState[] = ['AVAILABLE', 'RESERVED', 'RINGING', 'IN_CALL', 'WRAP_UP', 'ON_EXTERNAL_CALL'];
  it('queue states move any logged-in, not paused agent; LOGGED_OUT and PAUSED never move', () => {
    for (const state of AGENT_STATES) {
      const moves = driven.includes(state);
      expect(stateOnAgentStateEvent(state, 'Receiving', false)).toBe(moves ? 'RINGING' : null);
      expect(stateOnAgentStateEvent(state, 'Reserved', false)).toBe(moves ? 'RESERVED' : null);
      expect(stateOnAgentStateEvent(state, 'In a queue call', false)).toBe(moves ? 'IN_CALL' : null);
      expect(stateOnAgentStateEvent(state, 'Idle', false)).toBe(moves ? 'WRAP_UP' : null);
      expect(stateOnAgentStateEvent(state, null, false)).toBeNull();
    }
  });

  it('Waiting after a queue call is wrap-up while the module holds the agent, else available; after an offer, available', () => {
    expect(stateOnAgentStateEvent('IN_CALL', 'Waiting', true)).toBe('WRAP_UP');
    expect(stateOnAgentStateEvent('IN_CALL', 'Waiting', false)).toBe('AVAILABLE');
    expect(stateOnAgentStateEvent('RINGING', 'Waiting', true)).toBe('AVAILABLE');
    expect(stateOnAgentStateEvent('RESERVED', 'Waiting', false)).toBe('AVAILABLE');
    for (const state of ['AVAILABLE', 'WRAP_UP', 'ON_EXTERNAL_CALL', 'PAUSED', 'LOGGED_OUT'] as const) {
      expect(stateOnAgentStateEvent(state, 'Waiting', false)).toBeNull();
    }
  });

  it('external calls: start only from AVAILABLE or WRAP_UP; the end goes back to wrap-up or available', () => {
    for (const state of AGENT_STATES) {
      expect(stateOnExternalCallStart(state)).toBe(state === 'AVAILABLE' || state === 'WRAP_UP' ? 'ON_EXTERNAL_CALL' : null);
      expect(stateOnExternalCallEnd(state, true)).toBe(state === 'ON_EXTERNAL_CALL' ? 'WRAP_UP' : null);
      expect(stateOnExternalCallEnd(state, false)).toBe(state === 'ON_EXTERNAL_CALL' ? 'AVAILABLE' : null);
    }
  });
});

describe('wrap-up and channels', () => {
  it('follows the module’s test last_bridge_end < now - wrap_up_time', () => {
    expect(isInWrapUp(1000, 30, 1029)).toBe(true);
    expect(isInWrapUp(1000, 30, 1030)).toBe(true);
    expect(isInWrapUp(1000, 30, 1030.5)).toBe(false);
    expect(isInWrapUp(1000, 0, 1000)).toBe(false);
    expect(isInWrapUp(0, 30, 10)).toBe(false);
  });

  it('an extension from a presence id; a queue leg by the variables mod_callcenter originates it with', () => {
    expect(extensionOfPresence('1000@Acme.example')).toEqual({ number: '1000', domain: 'acme.example' });
    expect(extensionOfPresence('')).toBeNull();
    expect(extensionOfPresence('1000')).toBeNull();
    expect(isQueueLeg({ variable_cc_side: 'agent' })).toBe(true);
    expect(isQueueLeg({ variable_cc_agent: 'a-x' })).toBe(true);
    expect(isQueueLeg({ variable_presence_id: '1000@x' })).toBe(false);
  });
});

describe('agent-max-no-answer', () => {
  it('pauses every agent the switch drives, and leaves a logged-out or paused agent as it is', () => {
    for (const state of AGENT_STATES) {
      const expected = state === 'LOGGED_OUT' || state === 'PAUSED' ? null : 'PAUSED';
      expect(stateOnMaxNoAnswer(state), state).toBe(expected);
    }
  });
});

describe('an offer taken back from a ringing agent', () => {
  it('is a withdrawal only when the caller left or another agent answered first', () => {
    expect(isWithdrawnOffer('ORIGINATOR_CANCEL')).toBe(true);
    expect(isWithdrawnOffer('LOSE_RACE')).toBe(true);
    for (const cause of ['CALL_REJECTED', 'NO_ANSWER', 'USER_BUSY', 'USER_NOT_REGISTERED', 'SUCCESS', undefined]) expect(isWithdrawnOffer(cause)).toBe(false);
  });

  it('frees an agent whose ring began before the offer ended, and no other', () => {
    const since = new Date('2026-11-29T10:00:00.000Z');
    const at = since.getTime() / 1000;
    expect(stateOnOfferWithdrawn('RINGING', since, at + 2)).toBe('AVAILABLE');
    expect(stateOnOfferWithdrawn('RINGING', since, at)).toBe('AVAILABLE');
    // Ringing since after the withdrawal: another offer already.
    expect(stateOnOfferWithdrawn('RINGING', since, at - 0.5)).toBeNull();
    for (const state of ['AVAILABLE', 'IN_CALL', 'PAUSED', 'WRAP_UP'] as const) expect(stateOnOfferWithdrawn(state, since, at + 2)).toBeNull();
  });
});
