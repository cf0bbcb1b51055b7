import { describe, expect, it } from 'vitest';
import { parseGatewayName, parseQueueName, switchGatewayName, switchQueueName } from './naming.ts';

describe('gateway names', () => {
  it('split at the last dash: tenant codes may have dashes, trunk names may not', () => {
    expect(parseGatewayName(switchGatewayName('vendas-norte', 'carrier_1'))).toEqual({ tenantCode: 'vendas-norte', trunkName: 'carrier_1' });
    expect(parseGatewayName('nodash')).toBeNull();
    expect(parseGatewayName('trailing-')).toBeNull();
  });
});

describe('queue names', () => {
  it('round-trip a queue id and refuse anything else', () => {
    const id = '11111111-2222-4333-8444-555555555555';
    expect(parseQueueName(switchQueueName(id))).toBe(id);
    expect(parseQueueName('q-not-a-uuid')).toBeNull();
    expect(parseQueueName(`${switchQueueName(id)} extra`)).toBeNull();
  });
});
