import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EslParser } from './esl-parser.ts';
import { parseShowJson, parseSofiaStatus, parseStatus, toRegistrations } from './introspection.ts';

const replies = new EslParser()
  .push(readFileSync(new URL('../../../../fixtures/freeswitch-1.10.12/11_misc_replies.raw', import.meta.url)))
  .filter((message) => message.headers['Content-Type'] === 'api/response')
  .map((message) => message.body);

describe('switch introspection readers', () => {
  it('reads the real `status` reply', () => {
    const status = parseStatus(replies.find((body) => body.startsWith('UP '))!);
    expect(status).toMatchObject({ version: '1.10.12-release  64bit', ready: true, sessionsSinceStartup: 24 });
    expect(status.uptime).toContain('4 minutes');
  });

  it('reads the real empty `show channels as json` reply', () => {
    expect(parseShowJson(replies.find((body) => body.startsWith('{"row_count"'))!)).toEqual([]);
  });

  it('reads rows of show … as json and maps registrations', () => {
    const text = JSON.stringify({
      row_count: 1,
      rows: [{ reg_user: '1000', realm: 'acme.pbx.localhost', token: 't', url: 'sofia/internal/sip:1000@127.0.0.1:5070', expires: '1795305278', network_ip: '127.0.0.1', network_port: '5070', network_proto: 'udp', hostname: 'vm', metadata: '' }],
    });
    expect(toRegistrations(parseShowJson(text))).toEqual([
      { user: '1000', realm: 'acme.pbx.localhost', contact: 'sofia/internal/sip:1000@127.0.0.1:5070', expires: 1795305278, networkIp: '127.0.0.1' },
    ]);
  });

  it('reads the `sofia status` table', () => {
    const text = [
      '                     Name\t   Type\t                                      Data\tState',
      '=================================================================================================',
      '                 internal\tprofile\t               sip:mod_sofia@192.0.2.2:5060\tRUNNING (0)',
      '      external::acme-main\tgateway\t                   sip:joe@sip.example.com\tREGED',
      '                192.0.2.2\t  alias\t                                  internal\tALIASED',
      '=================================================================================================',
      '1 profile 1 alias',
    ].join('\n');
    expect(parseSofiaStatus(text)).toEqual([
      { name: 'internal', type: 'profile', data: 'sip:mod_sofia@192.0.2.2:5060', state: 'RUNNING (0)' },
      { name: 'external::acme-main', type: 'gateway', data: 'sip:joe@sip.example.com', state: 'REGED' },
      { name: '192.0.2.2', type: 'alias', data: 'internal', state: 'ALIASED' },
    ]);
  });
});
