import { describe, expect, it } from 'vitest';
import { channelLabel, channelParty } from './channel-label.ts';

const TRUNK = '3f2b8c1e-1111-4222-8333-944455556666';
const say = (key: string, params: Record<string, string> = {}) => `${key.split('.').pop()}(${Object.values(params).join(',')})`;

describe('channelParty', () => {
  it('reads an extension from an internal sofia channel, with or without sip:', () => {
    expect(channelParty('sofia/internal/1001@acme.pbx.localhost')).toEqual({ kind: 'extension', number: '1001' });
    expect(channelParty('sofia/internal/sip:2001@10.0.0.5:5060')).toEqual({ kind: 'extension', number: '2001' });
  });

  it('reads the trunk and the dialed number from a gateway channel', () => {
    expect(channelParty(`sofia/gateway/gw-${TRUNK}/5511987654321`)).toEqual({ kind: 'trunk', trunkId: TRUNK, gateway: `gw-${TRUNK}`, number: '5511987654321' });
    expect(channelParty('sofia/gateway/carrier/1234')).toEqual({ kind: 'trunk', trunkId: null, gateway: 'carrier', number: null });
  });

  it('reads a customer number from an external channel and the simulated customer from a null channel', () => {
    expect(channelParty('sofia/external/+5511987654321@200.1.2.3')).toEqual({ kind: 'phone', number: '+5511987654321' });
    expect(channelParty('null/5511987654321')).toEqual({ kind: 'simulated', number: '5511987654321' });
  });

  it('keeps anything else as the switch named it', () => {
    expect(channelParty('loopback/queue-a')).toEqual({ kind: 'raw', name: 'loopback/queue-a' });
    expect(channelParty('sofia/internal/anonymous@x')).toEqual({ kind: 'raw', name: 'sofia/internal/anonymous@x' });
  });
});

describe('channelLabel', () => {
  const trunks = (id: string) => (id === TRUNK ? 'Operadora' : undefined);

  it('says extension, national phone, trunk name and simulated customer', () => {
    expect(channelLabel('sofia/internal/1001@acme', say, trunks)).toBe('extension(1001)');
    expect(channelLabel('sofia/external/5511987654321@carrier', say, trunks)).toBe('(11) 98765-4321');
    expect(channelLabel(`sofia/gateway/gw-${TRUNK}/5511987654321`, say, trunks)).toBe('trunkNumber(Operadora,(11) 98765-4321)');
    expect(channelLabel('null/5511987654321', say, trunks)).toBe('simulated((11) 98765-4321)');
  });

  it('names an unknown gateway by its switch name', () => {
    expect(channelLabel('sofia/gateway/carrier/abc', say, trunks)).toBe('trunk(carrier)');
  });
});
