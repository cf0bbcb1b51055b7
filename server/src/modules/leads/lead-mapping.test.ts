import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors.ts';
import { leadMappingOf } from './lead-mapping.ts';

const refusal = (fields: Record<string, string[]>) => {
  try {
    leadMappingOf(fields);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  return null;
};

describe('leadMappingOf', () => {
  it('takes phoneColumns in the order sent, trimmed; no field is no mapping', () => {
    expect(leadMappingOf({ phoneColumns: [' Celular ', 'Telefone 2'] })).toEqual({
      phoneColumns: ['Celular', 'Telefone 2'],
    });
    expect(leadMappingOf({})).toEqual({});
    expect(leadMappingOf()).toEqual({});
  });

  it('refuses an unknown field, an empty or too long name, a name twice, more than 10 columns', () => {
    expect(refusal({ phoneColumns: ['a'], delimiter: [';'] })).toEqual({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'delimiter', message: 'is not a field of a lead import' }],
    });
    expect(refusal({ phoneColumns: [' '] })).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'phoneColumns/0' }],
    });
    expect(refusal({ phoneColumns: ['x'.repeat(101)] })).toMatchObject({
      details: [{ path: 'phoneColumns/0' }],
    });
    expect(refusal({ phoneColumns: ['a', 'a'] })).toMatchObject({
      details: [{ path: 'phoneColumns', message: 'names a column twice' }],
    });
    expect(refusal({ phoneColumns: Array.from({ length: 11 }, (_, index) => `c${index}`) })).toMatchObject({
      details: [{ path: 'phoneColumns' }],
    });
  });
});
