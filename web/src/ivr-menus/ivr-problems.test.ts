import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/api-client.ts';
import { problemDetails, problemField } from './ivr-problems.ts';

describe('problemDetails', () => {
  it('reads the details of an API error and ignores anything else', () => {
    const details = [{ path: 'greeting', message: 'function system is not allowed' }, { nonsense: true }];
    const error = new ApiError(
      400,
      { code: 'DIALPLAN_NOT_ALLOWED', message: 'The IVR menu is not valid', details },
      null,
    );
    expect(problemDetails(error)).toEqual([{ path: 'greeting', message: 'function system is not allowed' }]);
    expect(problemDetails(new Error('network'))).toEqual([]);
    expect(problemDetails(new ApiError(404, { message: 'Not found' }, null))).toEqual([]);
  });
});

describe('problemField', () => {
  it('points at a menu field or at an option by its index', () => {
    expect(problemField('greeting')).toEqual({ kind: 'field', name: 'greeting' });
    expect(problemField('options.1.targetExtension')).toEqual({ kind: 'option', index: 1 });
    expect(problemField('options.0')).toEqual({ kind: 'option', index: 0 });
    expect(problemField('file')).toEqual({ kind: 'field', name: 'file' });
  });
});
