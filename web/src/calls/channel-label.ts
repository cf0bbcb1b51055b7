// Pure: a leg's switch channel name as people read it. `sofia/internal/1001@acme.pbx` is extension
// 1001, `sofia/gateway/gw-<trunk id>/5511…` the customer's number through a trunk, `null/…` the
// dialer's simulated customer. Anything else stays as the switch named it (nothing hidden).
import { isExtensionNumber } from '@callcenter/rules/extension-number';
import { formatPhone } from '@callcenter/rules/phone';

export type ChannelParty =
  | { kind: 'extension'; number: string }
  | { kind: 'trunk'; trunkId: string | null; gateway: string; number: string | null }
  | { kind: 'phone'; number: string }
  | { kind: 'simulated'; number: string }
  | { kind: 'raw'; name: string };

const GATEWAY = /^sofia\/gateway\/([^/]+)\/(?:sip:)?([^@;]*)/;
const SOFIA = /^sofia\/[^/]+\/(?:sips?:)?([^@;]+)/;
const TRUNK_GATEWAY = /^gw-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const PHONE_LIKE = /^\+?\d{8,15}$/;

export function channelParty(name: string): ChannelParty {
  const gateway = GATEWAY.exec(name);
  if (gateway) {
    const [, gatewayName = '', user = ''] = gateway;
    return {
      kind: 'trunk',
      trunkId: TRUNK_GATEWAY.exec(gatewayName)?.[1]?.toLowerCase() ?? null,
      gateway: gatewayName,
      number: PHONE_LIKE.test(user) ? user : null,
    };
  }
  const simulated = /^null\/(\+?\d+)/.exec(name);
  if (simulated) return { kind: 'simulated', number: simulated[1]! };
  const sofia = SOFIA.exec(name);
  if (sofia) {
    const user = sofia[1]!;
    if (isExtensionNumber(user)) return { kind: 'extension', number: user };
    if (PHONE_LIKE.test(user)) return { kind: 'phone', number: user };
  }
  return { kind: 'raw', name };
}

type Translate = (key: string, params?: Record<string, string>) => string;

/** The sentence for a party; `trunkName` names a trunk by its id (the tenant's trunks list). */
export function channelLabel(name: string, t: Translate, trunkName: (id: string) => string | undefined): string {
  const party = channelParty(name);
  switch (party.kind) {
    case 'extension':
      return t('calls.channels.extension', { number: party.number });
    case 'phone':
      return formatPhone(party.number);
    case 'simulated':
      return t('calls.channels.simulated', { number: formatPhone(party.number) });
    case 'trunk': {
      const trunk = (party.trunkId && trunkName(party.trunkId)) || party.gateway;
      return party.number
        ? t('calls.channels.trunkNumber', { trunk, number: formatPhone(party.number) })
        : t('calls.channels.trunk', { trunk });
    }
    case 'raw':
      return party.name;
  }
}
