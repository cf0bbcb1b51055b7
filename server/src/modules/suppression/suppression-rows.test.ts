import { describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/http/errors.ts';
import { LIST_IMPORT_LIMITS } from '../list-imports/import-rows.ts';
import { suppressionColumns, suppressionOfRow } from './suppression-rows.ts';

/** The 400 a pure rule throws, by its code. */
const refusedWith = (code: string) => expect.objectContaining({ code }) as AppError;

describe('suppressionColumns', () => {
  it('finds the number column by any of its names, case and accents ignored, and an optional ddd column', () => {
    for (const name of ['phone', ' Telefone ', 'NÚMERO', 'numero', 'Celular']) expect(suppressionColumns(['Data', name])).toMatchObject({ phone: 1, ddd: null, headerIsData: false });
    expect(suppressionColumns(['DDD', 'Telefone', 'Inclusão'])).toEqual({ phone: 1, ddd: 0, width: 3, headerIsData: false });
  });

  it('a first line that names no known column and starts with a valid number is data: no header', () => {
    expect(suppressionColumns(['11987654321'])).toEqual({ phone: 0, ddd: null, width: 1, headerIsData: true });
    expect(suppressionColumns(['(11) 98765-4321', '2026-01-02'])).toMatchObject({ phone: 0, headerIsData: true });
    // A known name anywhere makes it a header, even beside a number.
    expect(() => suppressionColumns(['11987654321', 'ddd'])).toThrow(refusedWith('NO_PHONE_COLUMN'));
  });

  it('refuses a first line that is neither (NO_PHONE_COLUMN) and two number or ddd columns (DUPLICATE_COLUMN)', () => {
    expect(() => suppressionColumns(['nome', 'cidade'])).toThrow(refusedWith('NO_PHONE_COLUMN'));
    expect(() => suppressionColumns(['12345'])).toThrow(refusedWith('NO_PHONE_COLUMN'));
    expect(() => suppressionColumns(['telefone', 'celular'])).toThrow(refusedWith('DUPLICATE_COLUMN'));
    expect(() => suppressionColumns(['ddd', 'phone', 'DDD'])).toThrow(refusedWith('DUPLICATE_COLUMN'));
  });
});

describe('suppressionOfRow', () => {
  const limits = LIST_IMPORT_LIMITS;
  it('reads a number without its area code after the row’s DDD, and a complete number as written', () => {
    const columns = suppressionColumns(['ddd', 'telefone']);
    expect(suppressionOfRow(columns, { row: 2, fields: ['11', '98765-4321'] }, limits)).toEqual({ ok: true, row: 2, raw: '11 98765-4321', phone: '+5511987654321' });
    expect(suppressionOfRow(columns, { row: 3, fields: ['(21)', '2555 1234'] }, limits)).toMatchObject({ ok: true, phone: '+552125551234' });
    expect(suppressionOfRow(columns, { row: 4, fields: ['21', '11 98765-4321'] }, limits)).toMatchObject({ ok: true, raw: '11 98765-4321', phone: '+5511987654321' });
    expect(suppressionOfRow(columns, { row: 5, fields: ['', '98765-4321'] }, limits)).toEqual({ ok: false, row: 5, raw: '98765-4321', reason: 'INVALID' });
    expect(suppressionOfRow(columns, { row: 6, fields: ['xx', '98765-4321'] }, limits)).toMatchObject({ ok: false, raw: 'xx 98765-4321', reason: 'LETTERS' });
  });

  it('refuses a row with more non-empty fields than the first record (INVALID_CSV); empty extras are fine', () => {
    const columns = suppressionColumns(['11987654321']);
    expect(suppressionOfRow(columns, { row: 2, fields: ['11 3333-4444', ''] }, limits)).toMatchObject({ ok: true, phone: '+551133334444' });
    expect(() => suppressionOfRow(columns, { row: 3, fields: ['11 3333-4444', 'x'] }, limits)).toThrow(refusedWith('INVALID_CSV'));
  });
});
