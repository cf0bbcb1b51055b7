import { describe, expect, it } from 'vitest';
import { dispositionRefusal } from './disposition-rules.ts';

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
