import { describe, expect, it } from 'vitest';
import { resolveTrunk, unknownTrunks, withGatewayNames } from './dialplan.trunks.ts';

const MAIN = { id: '11111111-2222-4333-8444-555555555555', name: 'main' };
const BACKUP = { id: '66666666-7777-4888-9999-000000000000', name: 'backup' };
const trunks = [MAIN, BACKUP];

describe('trunk references in dialplan rules', () => {
  it('name a trunk of the tenant by its name, its id or the older <code>-<name>', () => {
    expect(resolveTrunk('main', trunks, 'acme')).toBe(MAIN);
    expect(resolveTrunk(MAIN.id.toUpperCase(), trunks, 'acme')).toBe(MAIN);
    expect(resolveTrunk('acme-backup', trunks, 'acme')).toBe(BACKUP);
  });

  it('never name another tenant’s trunk, even when the codes are prefixes of each other', () => {
    // acme-x's trunk "main" had the gateway acme-x-main: for tenant acme that names nothing.
    expect(resolveTrunk('acme-x-main', trunks, 'acme')).toBeNull();
    expect(resolveTrunk('x-main', trunks, 'acme')).toBeNull();
    expect(resolveTrunk('gw-99999999-2222-4333-8444-555555555555', trunks, 'acme')).toBeNull();
    expect(unknownTrunks({ actions: [{ application: 'bridge', data: 'sofia/gateway/acme-x-main/5511' }] }, trunks, 'acme')).toEqual([
      { path: 'actions.0.data', message: 'acme-x-main is not a trunk of this tenant' },
    ]);
  });

  it('compile to the gateway named by the trunk id, leaving the rest of the dial string as written', () => {
    const [bridge, set] = withGatewayNames(
      [
        { application: 'bridge', data: '{call_timeout=20}user/101@${domain_name}|[leg_timeout=10]sofia/gateway/main/${destination_number},sofia/gateway/acme-backup/55$1:_:error/USER_BUSY' },
        { application: 'set', data: 'x=sofia/gateway/main/1' },
      ],
      trunks,
      'acme',
    );
    expect(bridge!.data).toBe(
      `{call_timeout=20}user/101@\${domain_name}|[leg_timeout=10]sofia/gateway/gw-${MAIN.id}/\${destination_number},sofia/gateway/gw-${BACKUP.id}/55$1:_:error/USER_BUSY`,
    );
    expect(set!.data).toBe('x=sofia/gateway/main/1');
  });
});
