import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../app/i18n/resources.ts';
import type { CallTimelineEvent } from './calls.api.ts';
import { describeEvent } from './timeline.ts';

async function translator(lng: 'en' | 'pt-BR') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { translation: MESSAGES.en }, 'pt-BR': { translation: MESSAGES['pt-BR'] } } });
  return i18n.t;
}

const event = (name: string, headers: Record<string, string> = {}, names: Partial<CallTimelineEvent> = {}): CallTimelineEvent => ({
  name,
  occurredAt: '2026-11-28T12:00:00.000Z',
  legId: null,
  headers,
  agentName: null,
  queueName: null,
  ...names,
});

describe('describeEvent', () => {
  it('tells what happened to the call, with the names the tenant gave', async () => {
    const t = await translator('en');
    expect(describeEvent(event('CHANNEL_CREATE', { 'Call-Direction': 'inbound', 'Caller-Caller-ID-Number': '5511987654321', 'Caller-Destination-Number': '551130001000' }), t)).toBe(
      'Call arrived from (11) 98765-4321 to (11) 3000-1000',
    );
    // A leg the switch placed is named by its channel: the agent's extension, the customer through a trunk.
    const trunks = (id: string) => (id === '3f2b8c1e-1111-4222-8333-944455556666' ? 'Operadora' : undefined);
    const agentLeg = { 'Call-Direction': 'outbound', 'Channel-Name': 'sofia/internal/1001@acme.pbx', 'Caller-Destination-Number': '1001' };
    expect(describeEvent(event('CHANNEL_CREATE', agentLeg), t, trunks)).toBe('Dialing Extension 1001');
    expect(describeEvent(event('CHANNEL_ANSWER', agentLeg), t, trunks)).toBe('Answered by Extension 1001');
    const customerLeg = { 'Call-Direction': 'outbound', 'Channel-Name': 'sofia/gateway/gw-3f2b8c1e-1111-4222-8333-944455556666/5511987654321', 'Caller-Destination-Number': '5511987654321' };
    expect(describeEvent(event('CHANNEL_PROGRESS', customerLeg), t, trunks)).toBe('Ringing (11) 98765-4321 via Operadora');
    expect(describeEvent(event('CUSTOM', { 'CC-Action': 'member-queue-start' }, { queueName: 'suporte' }), t)).toBe('Joined queue suporte');
    // As the event consumer stores them: by their subclass.
    expect(describeEvent(event('callcenter::info/member-queue-start', {}, { queueName: 'suporte' }), t)).toBe('Joined queue suporte');
    expect(describeEvent(event('CUSTOM', { 'CC-Action': 'agent-offering' }, { agentName: 'Ana' }), t)).toBe('Rang Ana');
    expect(describeEvent(event('CUSTOM', { 'CC-Action': 'bridge-agent-start' }, { agentName: 'Ana' }), t)).toBe('Ana answered');
    expect(describeEvent(event('CHANNEL_HANGUP_COMPLETE', { 'Hangup-Cause': 'USER_BUSY' }), t)).toBe('Hung up: Busy');
  });

  it('speaks Portuguese in pt-BR', async () => {
    const t = await translator('pt-BR');
    expect(describeEvent(event('CUSTOM', { 'CC-Action': 'member-queue-start' }, { queueName: 'suporte' }), t)).toBe('Entrou na fila suporte');
    expect(describeEvent(event('CUSTOM', { 'CC-Action': 'agent-offering' }, { agentName: 'Ana' }), t)).toBe('Tocou para Ana');
    expect(describeEvent(event('CHANNEL_HANGUP_COMPLETE', { 'Hangup-Cause': 'NORMAL_CLEARING' }), t)).toBe('Desligada: Desligada normalmente');
    expect(describeEvent(event('CHANNEL_CREATE', { 'Call-Direction': 'outbound', 'Channel-Name': 'sofia/internal/1001@acme.pbx' }), t)).toBe('Discando para Ramal 1001');
  });

  it('keeps the switch name of an event it has no words for, and says "an agent" for an unknown one', async () => {
    const t = await translator('en');
    expect(describeEvent(event('HEARTBEAT'), t)).toBe('HEARTBEAT');
    expect(describeEvent(event('CUSTOM', { 'CC-Action': 'agent-offering' }), t)).toBe('Rang an agent');
  });
});
