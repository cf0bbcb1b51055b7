// What mod_sofia makes of a <gateway>'s params (sofia.c parse_gateways, FreeSWITCH 1.10): the
// defaults and derived values that `sofia status gateway` prints and the REGISTER carries. Pure.

export interface GatewaySettings {
  register: boolean;
  realm: string;
  username: string;
  password: string;
  /** `<sip:from-user@from-domain>`, from-user defaulting to username, from-domain to the proxy. */
  registerFrom: string;
  /** `sip:username@proxy`: the To of a REGISTER only when distinct-to is set (else From). */
  registerTo: string;
  /** `sip:<proxy>`: the registrar. */
  registerProxy: string;
  /** Where REGISTERs go instead of the registrar (register-proxy), as sofia writes it: `sip:…`. */
  registerStickyProxy: string | null;
  /** Where calls go instead of the proxy (outbound-proxy), as sofia writes it: `sip:…`. */
  outboundStickyProxy: string | null;
  proxy: string;
  fromDomain: string | null;
  extension: string;
  context: string;
  expires: string;
  freq: number;
  pingFreq: number;
  callerIdInFrom: boolean;
  distinctTo: boolean;
  transport: string;
}

/** switch_true: "yes", "on", "true", "t", "enabled", "active", "allow" or a non-zero number. */
export function switchTrue(value: string | undefined): boolean {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  return ['yes', 'on', 'true', 't', 'enabled', 'active', 'allow'].includes(lower) || (/^-?\d+$/.test(value) && Number(value) !== 0);
}

const withScheme = (value: string) => (/^sips?:/i.test(value) ? value : `sip:${value}`);
const TRANSPORTS = ['udp', 'tcp', 'tls', 'sctp', 'ws', 'wss'];

/**
 * The settings of gateway `name`, or the reason sofia skips it (logged as ERROR there; the gateway
 * then does not exist). Only the params parse_gateways reads have an effect; unknown ones are ignored.
 */
export function readGatewaySettings(name: string, params: Record<string, string>, profileContext = 'public'): GatewaySettings | { skipped: string } {
  if (!/^[\w.-]+$/.test(name)) return { skipped: `Ignoring invalid name '${name}'` };
  const value = (key: string) => (params[key] === undefined || params[key] === '' ? undefined : params[key]);
  const register = params.register === undefined ? true : switchTrue(params.register);
  let username = value('username');
  let password = value('password');
  const transportName = (value('register-transport') ?? 'udp').toLowerCase();
  if (!TRANSPORTS.includes(transportName)) return { skipped: 'ERROR: unsupported transport' };
  const configuredProxy = value('proxy');
  const realm = value('realm') ?? configuredProxy ?? name;
  if (register) {
    if (!username) return { skipped: 'ERROR: username param is REQUIRED!' };
    if (!password) return { skipped: 'ERROR: password param is REQUIRED!' };
  } else {
    username ??= 'FreeSWITCH';
    password ??= '';
  }
  const fromUser = value('from-user') ?? username;
  const proxy = configuredProxy ?? realm;
  const fromDomain = value('from-domain') ?? null;
  const expires = params['expire-seconds'] ?? '3600';
  const parsedFreq = Number.parseInt(expires, 10);
  const ping = Number.parseInt(params.ping ?? '0', 10) || 0;
  const bare = proxy.replace(/^sip:/i, '');
  return {
    register,
    realm,
    username,
    password,
    registerFrom: `<sip:${fromUser}@${fromDomain ?? proxy}>`,
    registerTo: `sip:${username}@${bare}`,
    registerProxy: `sip:${bare}`,
    registerStickyProxy: value('register-proxy') ? withScheme(value('register-proxy')!) : null,
    outboundStickyProxy: value('outbound-proxy') ? withScheme(value('outbound-proxy')!) : null,
    proxy,
    fromDomain,
    extension: value('extension') ?? username,
    context: value('context') ?? profileContext,
    expires,
    freq: Number.isNaN(parsedFreq) || parsedFreq < 5 ? 3600 : parsedFreq,
    pingFreq: ping >= 5 ? ping : 0,
    callerIdInFrom: switchTrue(params['caller-id-in-from']),
    distinctTo: switchTrue(params['distinct-to']),
    transport: transportName,
  };
}

/** `host[:port]` of a SIP URI or host value (`sip:user@host:port;params` → `host:port`). */
export function sipHostPort(value: string): string {
  return value.replace(/^sips?:/i, '').replace(/^[^@]*@/, '').replace(/[;>].*$/, '');
}
