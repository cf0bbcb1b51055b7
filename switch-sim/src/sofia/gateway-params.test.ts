import { describe, expect, it } from 'vitest';
import { readGatewaySettings, sipHostPort } from './gateway-params.ts';

const read = (params: Record<string, string>) => {
  const settings = readGatewaySettings('gw-1', params);
  if ('skipped' in settings) throw new Error(settings.skipped);
  return settings;
};

describe('gateway params as sofia parse_gateways reads them', () => {
  it('defaults realm and proxy to each other and From to username@proxy', () => {
    const settings = read({ proxy: 'proxy.carrier.example', username: 'acct', password: 'pw' });
    expect(settings).toMatchObject({
      realm: 'proxy.carrier.example',
      registerFrom: '<sip:acct@proxy.carrier.example>',
      registerTo: 'sip:acct@proxy.carrier.example',
      registerProxy: 'sip:proxy.carrier.example',
      registerStickyProxy: null,
      outboundStickyProxy: null,
      expires: '3600',
      freq: 3600,
      callerIdInFrom: false,
      register: true,
    });
  });

  it('puts from-user@from-domain in From, sends REGISTERs to register-proxy and calls to outbound-proxy', () => {
    const settings = read({
      realm: 'vivo.example', proxy: 'sbc.vivo.example:5060', 'from-domain': 'vivo.example', 'from-user': '1130031234',
      'register-proxy': 'reg.vivo.example', 'outbound-proxy': 'sip:out.vivo.example:5080', 'expire-seconds': '600', 'caller-id-in-from': 'true', username: 'acct', password: 'pw',
    });
    expect(settings).toMatchObject({
      realm: 'vivo.example',
      registerFrom: '<sip:1130031234@vivo.example>',
      registerTo: 'sip:acct@sbc.vivo.example:5060',
      registerStickyProxy: 'sip:reg.vivo.example',
      outboundStickyProxy: 'sip:out.vivo.example:5080',
      expires: '600',
      freq: 600,
      callerIdInFrom: true,
    });
    expect(sipHostPort(settings.outboundStickyProxy!)).toBe('out.vivo.example:5080');
  });

  it('skips a registering gateway without credentials, and fills them in for one that does not register', () => {
    expect(readGatewaySettings('gw-1', { proxy: 'p.example', username: 'u' })).toEqual({ skipped: 'ERROR: password param is REQUIRED!' });
    expect(readGatewaySettings('gw-1', { proxy: 'p.example', password: 'p' })).toEqual({ skipped: 'ERROR: username param is REQUIRED!' });
    expect(readGatewaySettings('bad name', { register: 'false' })).toHaveProperty('skipped');
    expect(read({ proxy: 'p.example', register: 'false' })).toMatchObject({ register: false, username: 'FreeSWITCH', password: '', registerFrom: '<sip:FreeSWITCH@p.example>' });
    // A frequency under 5 s is replaced by 3600, the string is sent as written.
    expect(read({ register: 'no', 'expire-seconds': '2' })).toMatchObject({ expires: '2', freq: 3600, realm: 'gw-1' });
  });
});
