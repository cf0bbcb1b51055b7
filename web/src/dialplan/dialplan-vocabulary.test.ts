import { describe, expect, it } from 'vitest';
import {
  formatConditionField,
  parseConditionField,
} from './dialplan-vocabulary.ts';

describe('condition fields', () => {
  it('round-trips fixed fields and ${variable} references', () => {
    expect(parseConditionField('caller_id_number')).toEqual({ kind: 'fixed', name: 'caller_id_number' });
    expect(parseConditionField('${sip_h_x_route}')).toEqual({ kind: 'variable', name: 'sip_h_x_route' });
    expect(formatConditionField({ kind: 'variable', name: ' sip_h_x_route ' })).toBe('${sip_h_x_route}');
    expect(formatConditionField({ kind: 'fixed', name: 'ani' })).toBe('ani');
  });

  it('keeps an unexpected value as typed', () => {
    expect(parseConditionField('context')).toEqual({ kind: 'variable', name: 'context' });
    expect(parseConditionField('${bad name}')).toEqual({ kind: 'variable', name: '${bad name}' });
  });
});
