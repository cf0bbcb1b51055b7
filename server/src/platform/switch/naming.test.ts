import { describe, expect, it } from 'vitest';
import { legacyGatewayName, parseGatewayName, parseQueueName, promptSoundFolder, switchContextName, switchGatewayName, switchQueueName } from './naming.ts';

const ACME_TRUNK = '11111111-2222-4333-8444-555555555555';
const ACME_X_TRUNK = '66666666-7777-4888-9999-000000000000';

describe('gateway names', () => {
  it('carry the trunk id alone and round-trip it', () => {
    expect(switchGatewayName(ACME_TRUNK)).toBe(`gw-${ACME_TRUNK}`);
    expect(parseGatewayName(switchGatewayName(ACME_TRUNK))).toBe(ACME_TRUNK);
    expect(parseGatewayName(switchGatewayName(ACME_TRUNK.toUpperCase()))).toBe(ACME_TRUNK);
  });

  it('refuse the names of the old scheme and anything that is not exactly gw-<uuid>', () => {
    expect(parseGatewayName('acme-x-main')).toBeNull();
    expect(parseGatewayName('acme-carrier')).toBeNull();
    expect(parseGatewayName(`gw-${ACME_TRUNK}-x`)).toBeNull();
    expect(parseGatewayName(`xgw-${ACME_TRUNK}`)).toBeNull();
    expect(parseGatewayName('gw-')).toBeNull();
  });

  it('never make one tenant’s gateway a prefix of another’s, whatever their codes', () => {
    const acme = switchGatewayName(ACME_TRUNK);
    const acmeX = switchGatewayName(ACME_X_TRUNK);
    expect(acmeX.startsWith(acme)).toBe(false);
    expect(acme.startsWith(acmeX)).toBe(false);
  });

  it('know the old <code>-<name> of a trunk only where that name was unambiguous', () => {
    expect(legacyGatewayName('acme-x', 'main')).toBe('acme-x-main');
    expect(legacyGatewayName('acme', 'carrier_1')).toBe('acme-carrier_1');
    // A name with '-' never existed under the old scheme: acme + x-main would be acme-x's main.
    expect(legacyGatewayName('acme', 'x-main')).toBeNull();
    expect(legacyGatewayName('acme', 'Main line')).toBeNull();
  });
});

describe('context and prompt names of tenants whose codes are prefixes of each other', () => {
  it('keep each tenant’s contexts and prompt folder apart', () => {
    // Codes have no '_': "acme_" can only begin a context of acme.
    expect(switchContextName('acme-x', 'default').startsWith(switchContextName('acme', ''))).toBe(false);
    expect(promptSoundFolder('acme-x')).not.toBe(promptSoundFolder('acme'));
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
