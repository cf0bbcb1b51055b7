import { describe, expect, it } from 'vitest';
import { problemField } from './ivr-problems.ts';

describe('problemField', () => {
  it('points at a menu field or at an option by its index', () => {
    expect(problemField('greeting')).toEqual({ kind: 'field', name: 'greeting' });
    expect(problemField('options.1.targetExtension')).toEqual({ kind: 'option', index: 1 });
    expect(problemField('options.0')).toEqual({ kind: 'option', index: 0 });
    expect(problemField('file')).toEqual({ kind: 'field', name: 'file' });
  });
});
