import { describe, expect, it } from 'vitest';
import { dispositionEffect, dispositionRefusal } from './disposition-rules.ts';

const enabled = { enabled: true };
const disabled = { enabled: false };
const mine = { agentId: 'agent-1' };

describe('dispositionRefusal', () => {
  it('lets the agent who answered classify the call', () => {
    expect(dispositionRefusal({ call: mine, ownAgentId: 'agent-1', canManage: false, disposition: enabled })).toBeNull();
  });

  it('lets a holder of agents.manage classify any call, even one nobody answered', () => {
    expect(dispositionRefusal({ call: mine, ownAgentId: null, canManage: true, disposition: enabled })).toBeNull();
    expect(dispositionRefusal({ call: { agentId: null }, ownAgentId: 'agent-2', canManage: true, disposition: enabled })).toBeNull();
  });

  it('refuses another agent, a caller without an Agent, and a supervisor without agents.manage', () => {
    expect(dispositionRefusal({ call: mine, ownAgentId: 'agent-2', canManage: false, disposition: enabled })).toBe('FORBIDDEN');
    expect(dispositionRefusal({ call: mine, ownAgentId: null, canManage: false, disposition: enabled })).toBe('FORBIDDEN');
    // A call nobody answered: "no agent" never equals "no agent".
    expect(dispositionRefusal({ call: { agentId: null }, ownAgentId: null, canManage: false, disposition: enabled })).toBe('FORBIDDEN');
  });

  it('refuses a disabled or unknown disposition with 400, after 403 and before 404', () => {
    expect(dispositionRefusal({ call: mine, ownAgentId: 'agent-1', canManage: false, disposition: disabled })).toBe('INVALID_DISPOSITION');
    expect(dispositionRefusal({ call: mine, ownAgentId: 'agent-1', canManage: false, disposition: undefined })).toBe('INVALID_DISPOSITION');
    expect(dispositionRefusal({ call: mine, ownAgentId: 'agent-2', canManage: false, disposition: disabled })).toBe('FORBIDDEN');
    expect(dispositionRefusal({ call: undefined, ownAgentId: 'agent-1', canManage: false, disposition: disabled })).toBe('INVALID_DISPOSITION');
    expect(dispositionRefusal({ call: undefined, ownAgentId: 'agent-1', canManage: false, disposition: enabled })).toBe('NOT_FOUND');
    expect(dispositionRefusal({ call: undefined, ownAgentId: null, canManage: true, disposition: enabled })).toBe('NOT_FOUND');
  });
});

describe('dispositionEffect', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const inAnHour = new Date(now.getTime() + 3_600_000);

  it('CALLBACK on a call with a lead schedules it at callbackAt, which is required and in the future', () => {
    expect(dispositionEffect({ action: 'CALLBACK', hasLead: true, callbackAt: inAnHour, now })).toEqual({ ok: true, effect: { kind: 'CALLBACK', at: inAnHour } });
    expect(dispositionEffect({ action: 'CALLBACK', hasLead: true, callbackAt: undefined, now })).toEqual({ ok: false, problem: 'REQUIRED' });
    expect(dispositionEffect({ action: 'CALLBACK', hasLead: true, callbackAt: now, now })).toEqual({ ok: false, problem: 'NOT_IN_FUTURE' });
    expect(dispositionEffect({ action: 'CALLBACK', hasLead: true, callbackAt: new Date(now.getTime() + 400 * 86_400_000), now })).toEqual({ ok: false, problem: 'TOO_FAR' });
  });

  it('CALLBACK on a call without a lead only records the code, and takes no time', () => {
    expect(dispositionEffect({ action: 'CALLBACK', hasLead: false, callbackAt: undefined, now })).toEqual({ ok: true, effect: { kind: 'NONE' } });
    expect(dispositionEffect({ action: 'CALLBACK', hasLead: false, callbackAt: inAnHour, now })).toEqual({ ok: false, problem: 'NOT_ALLOWED' });
  });

  it('DO_NOT_CALL suppresses, with or without a lead; no other action takes a callback time', () => {
    expect(dispositionEffect({ action: 'DO_NOT_CALL', hasLead: true, callbackAt: undefined, now })).toEqual({ ok: true, effect: { kind: 'DO_NOT_CALL' } });
    expect(dispositionEffect({ action: 'DO_NOT_CALL', hasLead: false, callbackAt: undefined, now })).toEqual({ ok: true, effect: { kind: 'DO_NOT_CALL' } });
    for (const action of ['NONE', 'SUCCESS', 'DO_NOT_CALL'] as const) {
      expect(dispositionEffect({ action, hasLead: true, callbackAt: inAnHour, now })).toEqual({ ok: false, problem: 'NOT_ALLOWED' });
    }
    expect(dispositionEffect({ action: 'SUCCESS', hasLead: true, callbackAt: undefined, now })).toEqual({ ok: true, effect: { kind: 'NONE' } });
  });
});
