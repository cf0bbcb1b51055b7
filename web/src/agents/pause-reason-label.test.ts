import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../app/i18n/resources.ts';
import { pauseReasonLabel } from './pause-reason-label.ts';

async function translator(lng: 'en' | 'pt-BR') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { translation: MESSAGES.en }, 'pt-BR': { translation: MESSAGES['pt-BR'] } } });
  return i18n.t;
}

describe('pauseReasonLabel', () => {
  it("reads a tenant's reason by its name", async () => {
    expect(pauseReasonLabel({ code: 'ALMOCO', name: 'Almoço' }, await translator('en'))).toBe('Almoço');
  });

  it("words the platform's no-answer pause in the reader's language, whatever name it was stored with", async () => {
    const stored = { code: 'NO_ANSWER', name: 'Não atendeu (automática)' };
    expect(pauseReasonLabel(stored, await translator('en'))).toBe('Did not answer (automatic)');
    expect(pauseReasonLabel(stored, await translator('pt-BR'))).toBe('Não atendeu (automática)');
  });
});
