import { describe, expect, it } from 'vitest';
import { trunkStatusOf } from './gateways.ts';

describe('trunkStatusOf', () => {
  it('maps mod_sofia gateway states', () => {
    expect(trunkStatusOf('REGED')).toBe('UP');
    expect(trunkStatusOf('NOREG')).toBe('UP');
    expect(trunkStatusOf('TRYING')).toBe('REGISTERING');
    expect(trunkStatusOf('UNREGED')).toBe('UNREGISTERED');
    expect(trunkStatusOf('FAIL_WAIT')).toBe('FAILED');
    expect(trunkStatusOf('whatever')).toBe('UNKNOWN');
  });
  it('reports a gateway that stopped answering pings as DOWN', () => {
    expect(trunkStatusOf('REGED', 'DOWN')).toBe('DOWN');
  });
});
