import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DIAL_OUTCOMES, HANGUP_CAUSES } from '@callcenter/rules/call-codes';
import { MESSAGES } from '../app/i18n/resources.ts';
import { dialOutcomeLabel, hangupCauseLabel } from './call-codes.ts';

async function translator(lng: 'en' | 'pt-BR') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { translation: MESSAGES.en }, 'pt-BR': { translation: MESSAGES['pt-BR'] } } });
  return i18n.t;
}

describe('call code labels', () => {
  it('word every hangup cause and dial outcome in both languages, never as the raw code', async () => {
    for (const lng of ['en', 'pt-BR'] as const) {
      const t = await translator(lng);
      for (const cause of HANGUP_CAUSES) expect(hangupCauseLabel(t, cause), `${lng} ${cause}`).not.toBe(cause);
      for (const outcome of DIAL_OUTCOMES) expect(dialOutcomeLabel(t, outcome), `${lng} ${outcome}`).not.toBe(outcome);
    }
  });

  it('speaks Portuguese in pt-BR', async () => {
    const t = await translator('pt-BR');
    expect(hangupCauseLabel(t, 'NORMAL_CLEARING')).toBe('Desligada normalmente');
    expect(hangupCauseLabel(t, 'NO_ANSWER')).toBe('Não atendida');
    expect(dialOutcomeLabel(t, 'ABANDONED')).toBe('Abandonada (sem agente livre)');
  });

  it('shows an unknown code as it came, and a dash for none', async () => {
    const t = await translator('en');
    expect(hangupCauseLabel(t, 'SOME_NEW_CAUSE')).toBe('SOME_NEW_CAUSE');
    expect(hangupCauseLabel(t, null)).toBe('—');
    expect(dialOutcomeLabel(t, undefined)).toBe('—');
  });
});
