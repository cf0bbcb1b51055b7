import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors.ts';
import { LEAD_IMPORT_LIMITS, leadColumns, leadOfRow } from './lead-rows.ts';

const limits = { ...LEAD_IMPORT_LIMITS };
const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return null;
};

describe('leadColumns', () => {
  it('finds phone/telefone and name/nome whatever their case and accents; other named columns are data', () => {
    expect(leadColumns([' Nome ', 'TELEFONE', 'Cidade', '', 'CPF'], 1, limits)).toEqual({ phone: 1, name: 0, data: [{ index: 2, key: 'Cidade' }, { index: 4, key: 'CPF' }], width: 5 });
    expect(leadColumns(['Phone'], 1, limits)).toMatchObject({ phone: 0, name: null, data: [] });
  });

  it('refuses a header without a phone column, or naming a column twice (phone and telefone too)', () => {
    expect(codeOf(() => leadColumns(['nome', 'cidade'], 1, limits))).toBe('NO_PHONE_COLUMN');
    expect(codeOf(() => leadColumns(['phone', 'telefone'], 1, limits))).toBe('DUPLICATE_COLUMN');
    expect(codeOf(() => leadColumns(['phone', 'Cidade', 'cidade'], 1, limits))).toBe('DUPLICATE_COLUMN');
    expect(codeOf(() => leadColumns(['phone', 'x'.repeat(101)], 1, limits))).toBe('FIELD_TOO_LONG');
  });
});

describe('leadOfRow', () => {
  const columns = leadColumns(['phone', 'name', 'cidade', '__proto__'], 1, limits);

  it('a lead: E.164, the name trimmed (empty is null), the data as text under the header names', () => {
    const lead = leadOfRow(columns, { row: 2, fields: ['(11) 91234-5678', '  Ana ', ' Rio ', 'x'] }, limits);
    expect(lead).toMatchObject({ ok: true, row: 2, phone: '+5511912345678', name: 'Ana' });
    expect(JSON.stringify(lead.ok && lead.data)).toBe('{"cidade":"Rio","__proto__":"x"}');
    expect(leadOfRow(columns, { row: 3, fields: ['11 3333 4444'] }, limits)).toMatchObject({ ok: true, phone: '+551133334444', name: null });
  });

  it('a refused row keeps the raw value (bounded) and the reason', () => {
    expect(leadOfRow(columns, { row: 4, fields: ['abc', 'x'] }, limits)).toEqual({ ok: false, row: 4, raw: 'abc', reason: 'LETTERS' });
    expect(leadOfRow(columns, { row: 5, fields: ['9'.repeat(500)] }, limits)).toMatchObject({ ok: false, reason: 'TOO_LONG', raw: '9'.repeat(200) });
  });

  it('refuses the file for a value over its limit or extra non-empty fields; empty extra fields are ignored', () => {
    expect(codeOf(() => leadOfRow(columns, { row: 6, fields: ['11912345678', 'n'.repeat(201)] }, limits))).toBe('FIELD_TOO_LONG');
    expect(codeOf(() => leadOfRow(columns, { row: 7, fields: ['11912345678', '', 'c'.repeat(1001)] }, limits))).toBe('FIELD_TOO_LONG');
    expect(codeOf(() => leadOfRow(columns, { row: 8, fields: ['11912345678', '', '', '', 'extra'] }, limits))).toBe('INVALID_CSV');
    expect(leadOfRow(columns, { row: 9, fields: ['11912345678', '', '', '', ' '] }, limits)).toMatchObject({ ok: true });
  });
});
