// Pure builders of the FreeSWITCH XML the config sync writes, one function per file kind.
// Written by the switch XML writer (every value escaped by one function, never concatenated).
import { didExpression } from '@callcenter/rules/phone';
import { extensionDialString, switchContextName, switchQueueName } from '../../platform/switch/naming.ts';
import { queueEntryActions } from '../../platform/switch/queue-entry.ts';
import { SwitchXmlElement } from '../../platform/switch/switch-xml-writer.ts';
import type { TenantRef } from '../event-consumer/tenant-resolver.ts';

const include = () => new SwitchXmlElement('include');
const finish = (root: SwitchXmlElement) => root.end();
const params = (parent: SwitchXmlElement, tag: 'params' | 'variables', values: Record<string, string | number | boolean | null | undefined>) => {
  const list = parent.ele(tag);
  const child = tag === 'params' ? 'param' : 'variable';
  for (const [name, value] of Object.entries(values)) if (value !== null && value !== undefined && value !== '') list.ele(child, { name, value: String(value) });
};

/** The tenant whose files are written: the same shape the event consumer resolves. */
export type TenantInfo = TenantRef;

export interface DirectoryUser {
  id: string;
  number: string;
  password: string;
  callerId: string | null;
  context: string;
  callGroup: string | null;
  maxRegistrations: number;
  /** Codec names as the switch knows them (PCMU, PCMA, G722, OPUS, G729), in preference order. */
  codecs: string[];
}

/**
 * The pickup key of an extension: its call group, or, without one, a key of its own that no other
 * extension carries (a group name cannot contain '.'), so *8 never picks a group-less colleague's call.
 */
export const pickupGroupOf = (user: Pick<DirectoryUser, 'id' | 'callGroup'>) => user.callGroup ?? `no-group.${user.id}`;

/** directory/<domain>.xml: the tenant's SIP domain and its users (with clear-text passwords: the file is private). */
export function directoryXml(tenant: TenantInfo, users: DirectoryUser[]): string {
  const root = include();
  const domain = root.ele('domain', { name: tenant.domain });
  params(domain, 'params', {
    'dial-string': '{^^:sip_invite_domain=${dialed_domain}:presence_id=${dialed_user}@${dialed_domain}}${sofia_contact(*/${dialed_user}@${dialed_domain})}',
  });
  params(domain, 'variables', { svc_tenant_id: tenant.id, domain_name: tenant.domain });
  const group = domain.ele('groups').ele('group', { name: 'default' }).ele('users');
  for (const user of users) {
    const node = group.ele('user', { id: user.number });
    params(node, 'params', { password: user.password, 'max-registrations-per-extension': user.maxRegistrations });
    params(node, 'variables', {
      user_context: switchContextName(tenant.code, user.context),
      callgroup: pickupGroupOf(user),
      // The extension's codecs, in order, for its calls both ways (mod_sofia reads it from the channel).
      absolute_codec_string: user.codecs.join(','),
      effective_caller_id_number: user.callerId ?? user.number,
      outbound_caller_id_number: user.callerId,
      svc_tenant_id: tenant.id,
      svc_extension_id: user.id,
    });
  }
  return finish(root);
}

export interface InboundRouteInfo {
  didNumber: string;
  destinationType: 'EXTENSION' | 'IVR' | 'QUEUE' | 'CALL_GROUP';
  destinationNumber: string;
}

/**
 * dialplan/public/<tenant code>.xml: extensions of the shared `public` context, one per DID, that
 * stamp the tenant on the call and hand it to the tenant's own context, IVR or queue.
 */
export function publicRoutesXml(tenant: TenantInfo, routes: InboundRouteInfo[], callGroups: Map<string, string[]>): string {
  const root = include();
  for (const route of routes) {
    const digits = route.didNumber.replace(/^\+/, '');
    // Carriers send a DID as +55…, 55…, the national number or 0 + national: all reach the route.
    const expression = /^\+\d+$/.test(route.didNumber) ? didExpression(route.didNumber) : `^\\+?${digits}$`;
    const condition = root.ele('extension', { name: `did-${digits}` }).ele('condition', { field: 'destination_number', expression });
    condition.ele('action', { application: 'set', data: `svc_tenant_id=${tenant.id}` });
    condition.ele('action', { application: 'export', data: `svc_tenant_id=${tenant.id}` });
    condition.ele('action', { application: 'set', data: `domain_name=${tenant.domain}` });
    const defaultContext = switchContextName(tenant.code, 'default');
    switch (route.destinationType) {
      case 'EXTENSION':
        condition.ele('action', { application: 'transfer', data: `${route.destinationNumber} XML ${defaultContext}` });
        break;
      case 'IVR':
        condition.ele('action', { application: 'transfer', data: `ivr_entry XML ${switchContextName(tenant.code, route.destinationNumber)}` });
        break;
      case 'QUEUE':
        condition.ele('action', { application: 'answer', data: '' });
        for (const { application, data } of queueEntryActions(route.destinationNumber)) condition.ele('action', { application, data });
        break;
      case 'CALL_GROUP': {
        const members = (callGroups.get(route.destinationNumber) ?? []).map((number) => extensionDialString(number, tenant.domain));
        condition.ele('action', { application: 'set', data: 'hangup_after_bridge=true' });
        if (members.length > 0) condition.ele('action', { application: 'bridge', data: members.join(',') });
        condition.ele('action', { application: 'hangup', data: members.length > 0 ? 'NO_ANSWER' : 'UNALLOCATED_NUMBER' });
        break;
      }
    }
  }
  return finish(root);
}

export interface GatewayInfo {
  name: string;
  host: string;
  proxy: string | null;
  realm: string | null;
  register: boolean;
  username: string | null;
  password: string | null;
  dtmfMode: string;
  ping: number | null;
  transport: string;
  fromUser?: string | null;
  fromDomain?: string | null;
  registerProxy?: string | null;
  outboundProxy?: string | null;
  expireSeconds?: number | null;
  callerIdInFrom?: boolean;
}

/**
 * gateways/gw-<trunk id>.xml: one sofia gateway (included in the external profile), with the
 * params mod_sofia's parse_gateways reads. `host` is where the provider is: the proxy and realm
 * unless those are given. sofia builds From as `<sip:from-user@from-domain>` and falls back to the
 * proxy for the domain, so a provider whose SIP domain is not its proxy needs from-domain: the
 * trunk's own, else its realm (a realm set apart from the host is the provider's domain).
 * register-proxy and outbound-proxy only when set (sofia then sends REGISTERs or calls there).
 */
export function gatewayXml(gateway: GatewayInfo): string {
  const root = include();
  const node = root.ele('gateway', { name: gateway.name });
  params(node, 'params', {
    realm: gateway.realm ?? gateway.host,
    proxy: gateway.proxy ?? gateway.host,
    'from-domain': gateway.fromDomain ?? gateway.realm,
    'from-user': gateway.fromUser,
    'register-proxy': gateway.registerProxy,
    'outbound-proxy': gateway.outboundProxy,
    register: gateway.register,
    username: gateway.username ?? 'not-used',
    password: gateway.password ?? 'not-used',
    'expire-seconds': gateway.expireSeconds,
    'register-transport': gateway.transport,
    'dtmf-type': gateway.dtmfMode,
    ping: gateway.ping,
    'caller-id-in-from': gateway.callerIdInFrom ?? true,
  });
  return finish(root);
}

export interface QueueInfo {
  id: string;
  strategy: string;
  musicOnHold: string;
  announceSound: string | null;
  announceFrequency: number | null;
  maxWaitTime: number;
  tierRulesApply: boolean;
  tierRuleWaitSecond: number;
  tierRuleWaitMultiplyLevel: boolean;
  tierRuleNoAgentNoWait: boolean;
  discardAbandonedAfter: number;
  skipAgentsWithExternalCalls: boolean;
  recordingEnabled: boolean;
}

/** Our strategy names are mod_callcenter's, upper-cased with underscores. */
export const callcenterStrategy = (strategy: string) => strategy.toLowerCase().replaceAll('_', '-');

/**
 * callcenter/<queue>.xml: one mod_callcenter queue (no static members: agents and tiers are
 * commands). mod_callcenter's load_queue reads <param> only as direct children of <queue> (there is
 * no <params> wrapper in callcenter.conf, unlike the directory and sofia gateways). A recorded
 * queue has a record-template (queueRecordTemplate): mod_callcenter records the member channel from
 * the agent's answer, in stereo because the queue entry set RECORD_STEREO on it.
 */
export function queueXml(queue: QueueInfo, recordingTemplate: string): string {
  const root = include();
  const node = root.ele('queue', { name: switchQueueName(queue.id) });
  const settings: Record<string, string | number | boolean | null> = {
    strategy: callcenterStrategy(queue.strategy),
    'moh-sound': queue.musicOnHold,
    'announce-sound': queue.announceSound,
    'announce-frequency': queue.announceFrequency,
    'record-template': queue.recordingEnabled ? recordingTemplate : null,
    'time-base-score': 'system',
    'max-wait-time': queue.maxWaitTime,
    'max-wait-time-with-no-agent': 0,
    'max-wait-time-with-no-agent-time-reached': 5,
    'tier-rules-apply': queue.tierRulesApply,
    'tier-rule-wait-second': queue.tierRuleWaitSecond,
    'tier-rule-wait-multiply-level': queue.tierRuleWaitMultiplyLevel,
    'tier-rule-no-agent-no-wait': queue.tierRuleNoAgentNoWait,
    'discard-abandoned-after': queue.discardAbandonedAfter,
    'abandoned-resume-allowed': false,
    'skip-agents-with-external-calls': queue.skipAgentsWithExternalCalls,
  };
  for (const [name, value] of Object.entries(settings)) if (value !== null && value !== '') node.ele('param', { name, value: String(value) });
  return finish(root);
}
