import { Type, type Static } from 'typebox';
import { Nullable, PatchBody, Timestamp } from '../../platform/http/schemas.ts';

/** A host name or IPv4 address, with an optional port. */
const host = (description?: string) =>
  Type.String({ maxLength: 253, pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:[0-9]{1,5})?$', ...(description ? { description } : {}) });
const Host = host();
/** A SIP user part as providers hand them out (account numbers, e-mail-like logins). */
const sipUser = (description?: string) => Type.String({ pattern: '^[A-Za-z0-9._@+-]{1,64}$', ...(description ? { description } : {}) });

/**
 * The trunk's name is a label for people ("Vivo SP-01"): the switch names the gateway by the
 * trunk's id (`gw-<id>`, decision 0016), so no switch rule applies to it. Unique per tenant
 * without regard to case, deleted trunks included; no control characters, not blank.
 */
export const TrunkName = Type.String({ minLength: 1, maxLength: 100, pattern: '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$' });

const DtmfMode = Type.Union([Type.Literal('rfc2833'), Type.Literal('info'), Type.Literal('inband')]);
const Transport = Type.Union([Type.Literal('udp'), Type.Literal('tcp'), Type.Literal('tls')]);

export const Trunk = Type.Object({
  id: Type.String(),
  name: Type.String(),
  host: Type.String(),
  proxy: Nullable(Type.String()),
  realm: Nullable(Type.String()),
  register: Type.Boolean(),
  username: Nullable(Type.String()),
  /** Whether a password is stored; the password itself is write-only. */
  hasPassword: Type.Boolean(),
  dtmfMode: Type.String(),
  ping: Nullable(Type.Integer()),
  transport: Type.String(),
  fromUser: Nullable(Type.String()),
  fromDomain: Nullable(Type.String()),
  registerProxy: Nullable(Type.String()),
  outboundProxy: Nullable(Type.String()),
  expireSeconds: Nullable(Type.Integer()),
  callerIdInFrom: Type.Boolean(),
  /** Calls per second the carrier accepts on this trunk (the dialer's TRUNK bucket); null: no trunk limit. */
  cpsLimit: Nullable(Type.Integer()),
  status: Type.String(),
  statusUpdatedAt: Nullable(Timestamp),
  createdAt: Timestamp,
});
export type Trunk = Static<typeof Trunk>;

/** The fields a client may write, each as sofia reads the gateway param of the same meaning. */
const TrunkFields = {
  name: TrunkName,
  host: Host,
  proxy: Nullable(Host),
  realm: Nullable(Host),
  register: Type.Boolean(),
  username: Nullable(sipUser()),
  password: Nullable(Type.String({ minLength: 1, maxLength: 128, pattern: '^[^\\u0000-\\u001f\\u007f]+$' })),
  dtmfMode: DtmfMode,
  ping: Nullable(Type.Integer({ minimum: 5, maximum: 3600, description: 'seconds between OPTIONS pings' })),
  transport: Transport,
  fromUser: Nullable(sipUser('the user of From (sofia from-user; default: username)')),
  fromDomain: Nullable(host("the provider's SIP domain, for From (sofia from-domain; default: the proxy)")),
  registerProxy: Nullable(host('where REGISTERs are sent, when not to the proxy (sofia register-proxy)')),
  outboundProxy: Nullable(host('where calls are sent, when not to the proxy (sofia outbound-proxy)')),
  expireSeconds: Nullable(Type.Integer({ minimum: 60, maximum: 86400, description: 'registration expiry in seconds (sofia expire-seconds; default 3600)' })),
  callerIdInFrom: Type.Boolean({ description: "the caller's number in From instead of the account (sofia caller-id-in-from; default true)" }),
  cpsLimit: Nullable(Type.Integer({ minimum: 1, maximum: 1000, description: 'calls per second the carrier accepts (the dialer paces under it; null: no limit)' })),
};

export const TrunkCreateBody = Type.Object(
  {
    name: TrunkFields.name,
    host: TrunkFields.host,
    proxy: Type.Optional(TrunkFields.proxy),
    realm: Type.Optional(TrunkFields.realm),
    register: Type.Optional(TrunkFields.register),
    username: Type.Optional(TrunkFields.username),
    password: Type.Optional(TrunkFields.password),
    dtmfMode: Type.Optional(TrunkFields.dtmfMode),
    ping: Type.Optional(TrunkFields.ping),
    transport: Type.Optional(TrunkFields.transport),
    fromUser: Type.Optional(TrunkFields.fromUser),
    fromDomain: Type.Optional(TrunkFields.fromDomain),
    registerProxy: Type.Optional(TrunkFields.registerProxy),
    outboundProxy: Type.Optional(TrunkFields.outboundProxy),
    expireSeconds: Type.Optional(TrunkFields.expireSeconds),
    callerIdInFrom: Type.Optional(TrunkFields.callerIdInFrom),
    cpsLimit: Type.Optional(TrunkFields.cpsLimit),
  },
  { additionalProperties: false },
);
export type TrunkCreateBody = Static<typeof TrunkCreateBody>;

/** Every field may change; `password` replaces the stored one (null removes it), omitted keeps it. */
export const TrunkPatchBody = PatchBody(TrunkFields);
export type TrunkPatchBody = Static<typeof TrunkPatchBody>;

/** The columns a trunk body writes, by the same names (the password is sealed apart). */
export const TRUNK_COLUMNS = [
  'name', 'host', 'proxy', 'realm', 'register', 'username', 'dtmfMode', 'ping', 'transport',
  'fromUser', 'fromDomain', 'registerProxy', 'outboundProxy', 'expireSeconds', 'callerIdInFrom', 'cpsLimit',
] as const;

/** Fields only the dialer reads: changing them alone leaves the switch's gateway (and its registration) alone. */
export const DIALER_ONLY_FIELDS: ReadonlySet<string> = new Set(['cpsLimit']);
