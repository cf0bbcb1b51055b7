import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { queueFromParams } from '../../../../switch-sim/src/callcenter/types.ts';
import { queueParams } from '../../../../switch-sim/src/config/loader.ts';
import { findAll, params, parseXml } from '../../../../switch-sim/src/config/xml.ts';
import { ENCODING_TRICKS } from '../../platform/switch/encoding-tricks.test-support.ts';
import { queueRecordTemplate } from '../../platform/switch/queue-entry.ts';
import { callcenterStrategy, directoryXml, gatewayXml, publicRoutesXml, queueXml } from './switch-xml.ts';

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, isArray: (name) => ['user', 'extension', 'action', 'param', 'variable'].includes(name) }).parse(xml);
const tenant = { id: '7d1f0f5e-0000-4000-8000-000000000001', code: 'acme', domain: 'acme.pbx.localhost' };
const attr = (nodes: Record<string, string>[], name: string) => nodes.find((node) => node['@_name'] === name)?.['@_value'];

describe('switch XML', () => {
  it('writes a directory domain with users, passwords, contexts, call groups and the tenant stamp', () => {
    const xml = directoryXml(tenant, [
      { id: 'e1', number: '1000', password: 'p"<&>w', callerId: null, context: 'default', callGroup: 'sales', maxRegistrations: 2, codecs: ['G722', 'PCMU'] },
    ]);
    const domain = parse(xml).include.domain;
    expect(domain['@_name']).toBe('acme.pbx.localhost');
    const user = domain.groups.group.users.user[0];
    expect(user['@_id']).toBe('1000');
    expect(attr(user.params.param, 'password')).toBe('p"<&>w');
    expect(attr(user.variables.variable, 'user_context')).toBe('acme_default');
    expect(attr(user.variables.variable, 'callgroup')).toBe('sales');
    expect(attr(user.variables.variable, 'svc_tenant_id')).toBe(tenant.id);
    expect(attr(user.params.param, 'max-registrations-per-extension')).toBe('2');
  });

  it('writes the extension codecs, in order, as the absolute_codec_string user variable', () => {
    const xml = directoryXml(tenant, [
      { id: 'e1', number: '1000', password: 'x', callerId: null, context: 'default', callGroup: null, maxRegistrations: 3, codecs: ['OPUS', 'G722', 'PCMA'] },
    ]);
    const user = parse(xml).include.domain.groups.group.users.user[0];
    expect(attr(user.variables.variable, 'absolute_codec_string')).toBe('OPUS,G722,PCMA');
  });

  it('gives a group-less extension a pickup key of its own, which no call group can spell', () => {
    const users = ['e1', 'e2'].map((id, index) => ({ id, number: `100${index}`, password: 'x', callerId: null, context: 'default', callGroup: null, maxRegistrations: 3, codecs: ['PCMU'] }));
    const parsed = parse(directoryXml(tenant, users)).include.domain.groups.group.users.user as { variables: { variable: Record<string, string>[] } }[];
    const keys = parsed.map((user) => attr(user.variables.variable, 'callgroup'));
    expect(keys).toEqual(['no-group.e1', 'no-group.e2']);
    expect(keys[0]).not.toMatch(/^[a-z0-9][a-z0-9_-]{0,31}$/);
  });

  it('routes each DID kind from the public context into the tenant', () => {
    const xml = publicRoutesXml(
      tenant,
      [
        { didNumber: '+551130000001', destinationType: 'EXTENSION', destinationNumber: '1000' },
        { didNumber: '551130000002', destinationType: 'IVR', destinationNumber: 'main-menu' },
        { didNumber: '551130000003', destinationType: 'QUEUE', destinationNumber: '11111111-2222-4333-8444-555555555555' },
        { didNumber: '551130000004', destinationType: 'CALL_GROUP', destinationNumber: 'sales' },
      ],
      new Map([['sales', ['1000', '1001']]]),
    );
    const extensions = parse(xml).include.extension as { condition: { '@_expression': string; action: { '@_application': string; '@_data': string }[] } }[];
    const last = (index: number) => extensions[index]!.condition.action.at(-1)!;
    // Every form a carrier sends for an E.164 DID (+55…, 55…, national, 0 + national); older spellings as written.
    expect(extensions[0]!.condition['@_expression']).toBe('^(?:\\+?55|0)?1130000001$');
    expect(extensions[1]!.condition['@_expression']).toBe('^\\+?551130000002$');
    expect(last(0)).toMatchObject({ '@_application': 'transfer', '@_data': '1000 XML acme_default' });
    expect(last(1)).toMatchObject({ '@_data': 'ivr_entry XML acme_main-menu' });
    expect(last(2)).toMatchObject({ '@_application': 'callcenter', '@_data': 'q-11111111-2222-4333-8444-555555555555' });
    // The queue is entered through the platform's queue entry: answered, then call id, queue, the
    // variables mod_callcenter copies to the agent leg, this entry's recording id and stereo
    // recording, then callcenter.
    expect(extensions[2]!.condition.action.slice(3).map((action) => `${action['@_application']} ${action['@_data'] ?? ''}`)).toEqual([
      'answer ',
      'set svc_call_id=${regex(${svc_call_id}|^$|${uuid})}',
      'set svc_queue_id=11111111-2222-4333-8444-555555555555',
      'set cc_export_vars=svc_tenant_id,svc_call_id,svc_queue_id,svc_attempt_id,svc_campaign_id,svc_lead_id',
      'set svc_recording_id=${create_uuid()}',
      'set RECORD_STEREO=true',
      'callcenter q-11111111-2222-4333-8444-555555555555',
    ]);
    expect(extensions[3]!.condition.action.find((action) => action['@_application'] === 'bridge')!['@_data']).toBe(
      'user/1000@acme.pbx.localhost,user/1001@acme.pbx.localhost',
    );
    for (const extension of extensions) expect(extension.condition.action[0]).toMatchObject({ '@_data': `svc_tenant_id=${tenant.id}` });
  });

  it('writes a gateway and a queue', () => {
    const gateway = parse(
      gatewayXml({ name: 'acme-main', host: 'sip.example.com', proxy: null, realm: null, register: true, username: 'u', password: 'secret', dtmfMode: 'rfc2833', ping: 30, transport: 'udp' }),
    ).include.gateway;
    expect(gateway['@_name']).toBe('acme-main');
    expect(attr(gateway.params.param, 'register')).toBe('true');
    expect(attr(gateway.params.param, 'proxy')).toBe('sip.example.com');
    const queue = parse(
      queueXml(
        {
          id: 'abc', strategy: 'LONGEST_IDLE_AGENT', musicOnHold: 'local_stream://moh', announceSound: null, announceFrequency: null, maxWaitTime: 0,
          tierRulesApply: false, tierRuleWaitSecond: 300, tierRuleWaitMultiplyLevel: true, tierRuleNoAgentNoWait: false,
          discardAbandonedAfter: 60, skipAgentsWithExternalCalls: true, recordingEnabled: false,
        },
        '/rec/${uuid}.wav',
      ),
    ).include.queue;
    expect(queue['@_name']).toBe('q-abc');
    expect(queue.params).toBeUndefined();
    expect(attr(queue.param, 'strategy')).toBe('longest-idle-agent');
    expect(attr(queue.param, 'record-template')).toBeUndefined();
  });

  it('records a recorded queue at <recordings dir>/<tenant id>/<call id>-<recording id>.wav, through the switch reader', () => {
    const template = queueRecordTemplate('/srv/recordings/', tenant.id);
    expect(template).toBe(`/srv/recordings/${tenant.id}/\${svc_call_id}-\${svc_recording_id}.wav`);
    const settings = {
      id: 'abc', strategy: 'RING_ALL', musicOnHold: 'local_stream://moh', announceSound: null, announceFrequency: null, maxWaitTime: 0,
      tierRulesApply: false, tierRuleWaitSecond: 0, tierRuleWaitMultiplyLevel: false, tierRuleNoAgentNoWait: true,
      discardAbandonedAfter: 60, skipAgentsWithExternalCalls: true,
    };
    const read = (recordingEnabled: boolean) => queueFromParams('q-abc', queueParams(findAll(parseXml(queueXml({ ...settings, recordingEnabled }, template)), 'queue')[0]!));
    expect(read(true).recordTemplate).toBe(template);
    expect(read(false).recordTemplate).toBe('');
  });

  it('writes every queue setting where mod_callcenter reads it (direct <param> children of <queue>)', () => {
    const xml = queueXml(
      {
        id: 'abc', strategy: 'RING_ALL', musicOnHold: 'local_stream://moh', announceSound: '/s/wait.wav', announceFrequency: 45, maxWaitTime: 120,
        tierRulesApply: true, tierRuleWaitSecond: 20, tierRuleWaitMultiplyLevel: true, tierRuleNoAgentNoWait: false,
        discardAbandonedAfter: 90, skipAgentsWithExternalCalls: false, recordingEnabled: true,
      },
      '/rec/${uuid}.wav',
    );
    const read = queueFromParams('q-abc', queueParams(findAll(parseXml(xml), 'queue')[0]!));
    expect(read).toMatchObject({
      strategy: 'ring-all', moh: 'local_stream://moh', announceSound: '/s/wait.wav', announceFrequency: 45, recordTemplate: '/rec/${uuid}.wav',
      timeBaseScore: 'system', maxWaitTime: 120, maxWaitTimeWithNoAgent: 0, maxWaitTimeWithNoAgentTimeReached: 5,
      tierRulesApply: true, tierRuleWaitSecond: 20, tierRuleWaitMultiplyLevel: true, tierRuleNoAgentNoWait: false,
      discardAbandonedAfter: 90, abandonedResumeAllowed: false, skipAgentsWithExternalCalls: false,
    });
  });

  it('names strategies as mod_callcenter does', () => {
    expect(callcenterStrategy('ROUND_ROBIN')).toBe('round-robin');
    expect(callcenterStrategy('RING_ALL')).toBe('ring-all');
  });

  // Whatever reaches these files, the switch decodes exactly the stored value (decision 0014).
  it.each(ENCODING_TRICKS)('every file carries %j to the switch exactly as stored', (value) => {
    const directory = parseXml(
      directoryXml({ ...tenant, domain: value }, [{ id: 'e1', number: '1000', password: value, callerId: value, context: 'default', callGroup: value, maxRegistrations: 1, codecs: ['PCMU'] }]),
    );
    expect(findAll(directory, 'domain')[0]!.attrs.name).toBe(value);
    expect(params(findAll(directory, 'user')[0]).password).toBe(value);
    expect(params(findAll(directory, 'user')[0], 'variable')).toMatchObject({ callgroup: value, effective_caller_id_number: value, outbound_caller_id_number: value });

    const gateway = parseXml(gatewayXml({ name: 'acme-main', host: value, proxy: value, realm: value, register: true, username: value, password: value, dtmfMode: 'rfc2833', ping: null, transport: 'udp' }));
    expect(params(gateway)).toMatchObject({ realm: value, proxy: value, username: value, password: value });

    const queueFields = { strategy: 'RING_ALL', announceFrequency: 30, maxWaitTime: 0, tierRulesApply: false, tierRuleWaitSecond: 0, tierRuleWaitMultiplyLevel: false, tierRuleNoAgentNoWait: false };
    const queue = { ...queueFields, id: 'abc', musicOnHold: value, announceSound: value, discardAbandonedAfter: 60, skipAgentsWithExternalCalls: false, recordingEnabled: true };
    expect(queueParams(findAll(parseXml(queueXml(queue, value)), 'queue')[0]!)).toMatchObject({ 'moh-sound': value, 'announce-sound': value, 'record-template': value });

    const routes = parseXml(publicRoutesXml({ ...tenant, domain: value }, [{ didNumber: '5511', destinationType: 'EXTENSION', destinationNumber: value }], new Map()));
    const data = findAll(routes, 'action').map((action) => action.attrs.data);
    expect(data).toContain(`domain_name=${value}`);
    expect(data).toContain(`${value} XML acme_default`);
  });
});
