import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorDetails } from './error-details.ts';

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
