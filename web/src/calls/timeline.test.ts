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
      'Call arrived from 5511987654321 to 551130001000',
    );
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
  });

  it('keeps the switch name of an event it has no words for, and says "an agent" for an unknown one', async () => {
    const t = await translator('en');
    expect(describeEvent(event('HEARTBEAT'), t)).toBe('HEARTBEAT');
    expect(describeEvent(event('CUSTOM', { 'CC-Action': 'agent-offering' }), t)).toBe('Rang an agent');
  });
});
