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
    expect(leadColumns([' Nome ', 'TELEFONE', 'Cidade', '', 'CPF'], 1, limits)).toEqual({ phones: [1], name: 0, data: [{ index: 2, key: 'Cidade' }, { index: 4, key: 'CPF' }], width: 5 });
    expect(leadColumns(['Phone'], 1, limits)).toMatchObject({ phones: [0], name: null, data: [] });
  });

  // Decision 0066: what people call a phone column, case, accents, numbers and separators ignored.
  for (const alias of ['celular', 'Telefone1', 'TELEFONE 2', 'fone', 'Fone_1', 'mobile', 'WhatsApp', 'tel', 'Tel.', 'cel', 'Móvel', 'phone-3', 'Celular ']) {
    it(`finds the phone column named "${alias}"`, () => {
      expect(leadColumns(['nome', alias, 'cidade'], 1, limits)).toMatchObject({ phones: [1], name: 0 });
    });
  }

  it('does not take a column that only starts like a phone name ("Telescópio", "Celebridade", "Tele-entrega")', () => {
    for (const other of ['Telescópio', 'Celebridade', 'Tele-entrega', 'foneticas']) expect(codeOf(() => leadColumns(['nome', other], 1, limits))).toBe('NO_PHONE_COLUMN');
  });

  it('several phone columns: all of them, in file order, the first kept out of the data; a mapping picks them and their order', () => {
    expect(leadColumns(['Celular', 'nome', 'Telefone', 'cidade'], 1, limits)).toEqual({
      phones: [0, 2],
      name: 1,
      data: [{ index: 2, key: 'Telefone' }, { index: 3, key: 'cidade' }],
      width: 4,
    });
    expect(leadColumns(['Celular', 'nome', 'Contato', 'Telefone'], 1, limits, { phoneColumns: ['contato', 'CELULAR'] })).toMatchObject({
      phones: [2, 0],
      data: [{ index: 0, key: 'Celular' }, { index: 3, key: 'Telefone' }],
    });
    expect(codeOf(() => leadColumns(['Celular', 'nome'], 1, limits, { phoneColumns: ['fax'] }))).toBe('NO_PHONE_COLUMN');
  });

  it('refuses a header without a phone column, or naming a column twice', () => {
    expect(codeOf(() => leadColumns(['nome', 'cidade'], 1, limits))).toBe('NO_PHONE_COLUMN');
    expect(codeOf(() => leadColumns(['phone', 'Phone'], 1, limits))).toBe('DUPLICATE_COLUMN');
    expect(codeOf(() => leadColumns(['phone', 'nome', 'name'], 1, limits))).toBe('DUPLICATE_COLUMN');
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

  it('several phone columns: the first with a value is the number, the others stay in the data', () => {
    const two = leadColumns(['celular', 'telefone'], 1, limits);
    expect(leadOfRow(two, { row: 2, fields: ['', '11 3333-4444'] }, limits)).toMatchObject({ ok: true, phone: '+551133334444', data: { telefone: '11 3333-4444' } });
    expect(leadOfRow(two, { row: 3, fields: ['11 91234-5678', '11 3333-4444'] }, limits)).toMatchObject({ ok: true, phone: '+5511912345678', data: { telefone: '11 3333-4444' } });
    expect(leadOfRow(two, { row: 4, fields: ['', ''] }, limits)).toMatchObject({ ok: false, reason: 'EMPTY' });
  });

  it('refuses the file for a value over its limit or extra non-empty fields; empty extra fields are ignored', () => {
    expect(codeOf(() => leadOfRow(columns, { row: 6, fields: ['11912345678', 'n'.repeat(201)] }, limits))).toBe('FIELD_TOO_LONG');
    expect(codeOf(() => leadOfRow(columns, { row: 7, fields: ['11912345678', '', 'c'.repeat(1001)] }, limits))).toBe('FIELD_TOO_LONG');
    expect(codeOf(() => leadOfRow(columns, { row: 8, fields: ['11912345678', '', '', '', 'extra'] }, limits))).toBe('INVALID_CSV');
    expect(leadOfRow(columns, { row: 9, fields: ['11912345678', '', '', '', ' '] }, limits)).toMatchObject({ ok: true });
  });
});
