import { describe, expect, it } from 'vitest';
import type { Extension } from '../extensions/extensions.api.ts';
import { agentPatch, extensionChoices, memberLabel, nameForMember } from './agent-choices.ts';
import type { Agent, AssignableUser } from './agents.api.ts';

const member = (id: string, name: string | null = null): AssignableUser => ({
  id,
  email: `${id}@example.test`,
  name,
  role: 'agent',
});
const extension = (id: string, number: string, callerId: string | null = null): Extension => ({
  id,
  number,
  domain: 'acme.example',
  callerId,
  callGroup: null,
  codecs: ['PCMA', 'PCMU'],
  maxRegistrations: 3,
  lastRegistrationFailureAt: null,
  lastRegistrationFailureIp: null,
  registeredAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const agent: Agent = {
  id: 'a1',
  userId: 'u1',
  userEmail: 'u1@example.test',
  userName: null,
  extensionId: 'e1',
  extensionNumber: '1001',
  name: 'Ana',
  state: 'LOGGED_OUT',
  stateChangedAt: '2026-01-01T00:00:00.000Z',
  pauseReasonId: null,
  wrapUpSeconds: 10,
  maxNoAnswer: 0,
  rejectDelaySeconds: 0,
  busyDelaySeconds: 0,
  noAnswerDelaySeconds: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('pickers', () => {
  it('leave out extensions that already serve an agent, except the edited one', () => {
    const extensions = [extension('e3', '1010'), extension('e1', '1001'), extension('e2', '1002')];
    expect(extensionChoices(extensions, [agent]).map((e) => e.number)).toEqual(['1002', '1010']);
    expect(extensionChoices(extensions, [agent], 'e1').map((e) => e.number)).toEqual([
      '1001',
      '1002',
      '1010',
    ]);
  });

  it('label members by name and e-mail', () => {
    expect(memberLabel(member('u1', 'Ana'))).toBe('Ana <u1@example.test>');
    expect(memberLabel(member('u2'))).toBe('u2@example.test');
  });
});

describe('agentPatch', () => {
  it('sends only what changed; a blank name clears it', () => {
    expect(
      agentPatch(agent, {
        extensionId: 'e1',
        name: ' Ana ',
        settings: { wrapUpSeconds: 10, maxNoAnswer: 0 },
      }),
    ).toEqual({});
    expect(agentPatch(agent, { extensionId: 'e2', name: '', settings: { wrapUpSeconds: 0 } })).toEqual({
      extensionId: 'e2',
      name: null,
      wrapUpSeconds: 0,
    });
    expect(
      agentPatch(agent, {
        extensionId: 'e1',
        name: 'Ana',
        settings: {
          wrapUpSeconds: 10,
          maxNoAnswer: 3,
          rejectDelaySeconds: 5,
          busyDelaySeconds: 0,
          noAnswerDelaySeconds: 20,
        },
      }),
    ).toEqual({ maxNoAnswer: 3, rejectDelaySeconds: 5, noAnswerDelaySeconds: 20 });
  });
});

describe('nameForMember', () => {
  it('takes the chosen member’s name unless the admin typed another one', () => {
    expect(nameForMember('', undefined, { name: 'Bia' })).toBe('Bia');
    expect(nameForMember('Bia', { name: 'Bia' }, { name: 'Caio' })).toBe('Caio');
    expect(nameForMember('Bia', { name: 'Bia' }, { name: null })).toBe('');
    expect(nameForMember('Beatriz (noite)', { name: 'Bia' }, { name: 'Caio' })).toBe('Beatriz (noite)');
  });
});
