import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { gatewayXml, type GatewayInfo } from './switch-xml.ts';

const params = (xml: string) =>
  Object.fromEntries(
    (new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'param' }).parse(xml).include.gateway.params.param as Record<string, string>[]).map((param) => [
      param['@_name'],
      param['@_value'],
    ]),
  );
const base: GatewayInfo = { name: 'gw-1', host: 'sbc.vivo.example', proxy: null, realm: null, register: true, username: 'acct', password: 'p"<&>w', dtmfMode: 'rfc2833', ping: null, transport: 'udp' };

describe('gateway XML', () => {
  it('writes only what is set: host as proxy and realm, no from-domain without a domain', () => {
    const written = params(gatewayXml(base));
    expect(written).toMatchObject({ proxy: 'sbc.vivo.example', realm: 'sbc.vivo.example', username: 'acct', password: 'p"<&>w', 'caller-id-in-from': 'true' });
    for (const absent of ['from-domain', 'from-user', 'register-proxy', 'outbound-proxy', 'expire-seconds', 'ping']) expect(written).not.toHaveProperty(absent);
  });

  it('takes the realm as the From domain, unless the trunk names its own', () => {
    expect(params(gatewayXml({ ...base, realm: 'vivo.example' }))['from-domain']).toBe('vivo.example');
    expect(params(gatewayXml({ ...base, realm: 'vivo.example', fromDomain: 'sip.vivo.example' }))['from-domain']).toBe('sip.vivo.example');
  });

  it('writes the provider params under the names sofia reads', () => {
    const written = params(
      gatewayXml({ ...base, fromUser: '1130031234', fromDomain: 'vivo.example', registerProxy: 'reg.vivo.example', outboundProxy: 'out.vivo.example:5080', expireSeconds: 600, callerIdInFrom: false }),
    );
    expect(written).toMatchObject({
      'from-user': '1130031234',
      'from-domain': 'vivo.example',
      'register-proxy': 'reg.vivo.example',
      'outbound-proxy': 'out.vivo.example:5080',
      'expire-seconds': '600',
      'caller-id-in-from': 'false',
    });
  });
});
