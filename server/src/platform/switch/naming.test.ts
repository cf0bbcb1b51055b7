import { describe, expect, it } from 'vitest';
import { parseGatewayName, switchGatewayName } from './naming.ts';

describe('gateway names', () => {
  it('split at the last dash: tenant codes may have dashes, trunk names may not', () => {
    expect(parseGatewayName(switchGatewayName('vendas-norte', 'carrier_1'))).toEqual({ tenantCode: 'vendas-norte', trunkName: 'carrier_1' });
    expect(parseGatewayName('nodash')).toBeNull();
    expect(parseGatewayName('trailing-')).toBeNull();
  });
});
