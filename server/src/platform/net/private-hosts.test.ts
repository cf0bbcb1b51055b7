import { describe, expect, it } from 'vitest';
import { hostAllowed, isPrivateHost, parseAllowList, parseHostPort } from './private-hosts.ts';

describe('private hosts', () => {
  it('finds loopback, link-local and private addresses in every form an address is written', () => {
    const refused = [
      '127.0.0.1',
      '127.1',
      '0x7f.1',
      '2130706433',
      '017700000001',
      '127.0.0.1:5060',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1:5080',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '::1',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]:5060',
      'fe80::1',
      '[fc00::1]:5061',
      'localhost',
      'LOCALHOST.',
      'pbx.localhost:5060',
    ];
    for (const host of refused) expect(isPrivateHost(host), host).toBe(true);
    for (const host of [
      'sip.carrier.example',
      '8.8.8.8',
      '203.0.113.10:5060',
      '[2001:4860:4860::8888]',
      'localhost.example.com',
      '127.0.0.1.example.com',
    ])
      expect(isPrivateHost(host), host).toBe(false);
  });

  it('parses host[:port] into one normal form', () => {
    expect(parseHostPort('0x7f.1:5080')).toMatchObject({ host: '127.0.0.1', port: 5080 });
    expect(parseHostPort('[::ffff:127.0.0.1]:5060')).toMatchObject({ host: '127.0.0.1', port: 5060 });
    expect(parseHostPort('Sip.Carrier.Example.')).toMatchObject({
      host: 'sip.carrier.example',
      port: null,
      address: null,
    });
  });

  it('allows a private host only when listed, on the listed port when one is given', () => {
    const list = parseAllowList(' 10.0.0.9:5080 , pbx.localhost,,127.0.0.1');
    expect(list.map((entry) => [entry.host, entry.port])).toEqual([
      ['10.0.0.9', 5080],
      ['pbx.localhost', null],
      ['127.0.0.1', null],
    ]);
    expect(hostAllowed('10.0.0.9:5080', list, 5060)).toBe(true);
    expect(hostAllowed('10.0.0.9', list, 5060)).toBe(false); // reached on 5060, only 5080 listed
    expect(hostAllowed('10.0.0.9', list, 5080)).toBe(true);
    expect(hostAllowed('PBX.localhost:5099', list, 5060)).toBe(true);
    expect(hostAllowed('127.1:5070', list, 5060)).toBe(true); // the same address, however written
    expect(hostAllowed('10.0.0.10', list, 5060)).toBe(false);
    expect(hostAllowed('sip.carrier.example', [], 5060)).toBe(true);
    expect(hostAllowed('localhost', [], 5060)).toBe(false);
  });
});
