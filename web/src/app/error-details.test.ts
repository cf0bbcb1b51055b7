import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorDetails, errorMessage, fieldMessages } from './error-details.ts';
import { MESSAGES } from './i18n/resources.ts';

const refused = (details: unknown) =>
  new ApiError(400, { code: 'VALIDATION_FAILED', message: 'Not valid', details }, null);

describe('errorDetails', () => {
  it('reads the details of an API error and ignores anything else', () => {
    const details = [{ path: 'greeting', message: 'function system is not allowed' }, { nonsense: true }];
    const error = new ApiError(
      400,
      { code: 'DIALPLAN_NOT_ALLOWED', message: 'The IVR menu is not valid', details },
      null,
    );
    expect(errorDetails(error)).toEqual([{ path: 'greeting', message: 'function system is not allowed' }]);
    expect(errorDetails(new Error('network'))).toEqual([]);
    expect(errorDetails(new ApiError(404, { message: 'Not found' }, null))).toEqual([]);
    expect(errorDetails(undefined)).toEqual([]);
  });

  it('keeps the well-formed details only', () => {
    expect(errorDetails(refused(undefined))).toEqual([]);
    expect(errorDetails(refused({ path: 'x' }))).toEqual([]);
    expect(
      errorDetails(
        refused([
          { path: 'actions.0.data', message: 'setting api_hangup_hook is not allowed' },
          { path: 1 },
          null,
        ]),
      ),
    ).toEqual([{ path: 'actions.0.data', message: 'setting api_hangup_hook is not allowed' }]);
  });
});

describe('errorMessage and fieldMessages', () => {
  const translator = (language: 'en' | 'pt-BR') => {
    const i18n = i18next.createInstance();
    void i18n.init({
      resources: { [language]: { translation: MESSAGES[language] } },
      lng: language,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    return { t: (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {}), exists: (key: string) => i18n.exists(key) };
  };
  const pt = translator('pt-BR');
  const en = translator('en');

  it('words a code in the user language, filled in with its params', () => {
    const duplicate = new ApiError(409, { code: 'ALREADY_EXISTS', message: 'Extension 1003 already exists', params: { subject: 'extensionNumber', value: '1003' } }, null);
    expect(errorMessage(duplicate, pt)).toBe('O ramal 1003 já existe (números nunca são reutilizados).');
    expect(errorMessage(duplicate, en)).toBe('Extension 1003 already exists (numbers are never reused).');
    const self = new ApiError(400, { code: 'CANNOT_REMOVE_SELF', message: 'You cannot remove yourself from the tenant' }, null);
    expect(errorMessage(self, pt)).toBe('Você não pode remover a si mesmo do cliente.');
    const missing = new ApiError(404, { code: 'NOT_FOUND', message: 'Queue not found', params: { resource: 'queue' } }, null);
    expect(errorMessage(missing, pt)).toBe('Fila não encontrada.');
  });

  it('words a code by its reason when the reason has words of its own, else by the code', () => {
    const foreign = new ApiError(400, { code: 'INVALID_PHONE', message: 'x', params: { reason: 'FOREIGN' } }, null);
    expect(errorMessage(foreign, en)).toBe('Only Brazilian numbers can be used: this one is from another country.');
    expect(errorMessage(foreign, pt)).toBe('Só números brasileiros podem ser usados: este é de outro país.');
    const unknownReason = new ApiError(400, { code: 'INVALID_PHONE', message: 'x', params: { reason: 'NEW_ONE' } }, null);
    expect(errorMessage(unknownReason, en)).toBe('Not a Brazilian phone number (NEW_ONE).');
  });

  it('falls back to the generic wording of the code, then to the server text only for an unknown code', () => {
    const oddSubject = new ApiError(409, { code: 'ALREADY_EXISTS', message: 'x', params: { subject: 'somethingNew' } }, null);
    expect(errorMessage(oddSubject, pt)).toBe('Isto já existe.');
    expect(errorMessage(new ApiError(400, { code: 'BRAND_NEW_CODE', message: 'Server words' }, null), pt)).toBe('Server words');
    expect(errorMessage(new Error('offline'), pt)).toBe(pt.t('errors.network'));
  });

  it('words each refused field of a validation answer by its rule, and nothing for other answers', () => {
    const invalid = refused([
      { path: 'name', message: 'must NOT have more than 40 characters', rule: 'maxLength', params: { limit: 40 } },
      { path: 'number', message: 'is required', rule: 'required', params: { missingProperty: 'number' } },
      { path: 'odd', message: 'server words' },
    ]);
    expect(fieldMessages(invalid, pt)).toEqual(['name: deve ter no máximo 40 caracteres', 'number: é obrigatório', 'odd: server words']);
    expect(errorMessage(invalid, pt)).toBe('Alguns campos não são válidos.');
    const dialplan = new ApiError(400, { code: 'DIALPLAN_NOT_ALLOWED', message: 'x', details: [{ path: 'a', message: 'b' }] }, null);
    expect(fieldMessages(dialplan, pt)).toEqual([]);
  });
});
