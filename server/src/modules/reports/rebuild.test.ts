import { describe, expect, it } from 'vitest';
import { parseRebuildArgs, REBUILD_USAGE } from './rebuild.ts';

describe('parseRebuildArgs', () => {
  it('takes one tenant by code or id, or every tenant', () => {
    expect(parseRebuildArgs(['--tenant', 'acme'])).toEqual({ tenant: 'acme' });
    expect(parseRebuildArgs(['--tenant=acme'])).toEqual({ tenant: 'acme' });
    expect(parseRebuildArgs(['--all'])).toEqual({ all: true });
  });

  it('refuses anything else with the usage (never a silent rebuild of everything)', () => {
    for (const argv of [[], ['--tenant'], ['--tenant', ''], ['--all', '--tenant', 'acme'], ['acme'], ['--tenants', 'acme']]) {
      expect(() => parseRebuildArgs(argv), argv.join(' ')).toThrow(REBUILD_USAGE);
    }
  });
});
