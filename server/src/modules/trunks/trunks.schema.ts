import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../../platform/http/schemas.ts';

/** A host name or IPv4 address, with an optional port. */
const Host = Type.String({ maxLength: 253, pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(:[0-9]{1,5})?$' });

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
  status: Type.String(),
  statusUpdatedAt: Nullable(Timestamp),
  createdAt: Timestamp,
});
export type Trunk = Static<typeof Trunk>;

export const TrunkCreateBody = Type.Object(
  {
    /** Part of the switch gateway name `<tenant code>-<name>`; without "-" that name is unambiguous (codes may contain "-"). */
    name: Type.String({ pattern: '^[a-z0-9][a-z0-9_]{0,39}$', description: 'lowercase letters, digits and _ (no -: the gateway is <tenant code>-<name>)' }),
    host: Host,
    proxy: Type.Optional(Nullable(Host)),
    realm: Type.Optional(Nullable(Host)),
    register: Type.Optional(Type.Boolean()),
    username: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9._@+-]{1,64}$' }))),
    password: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 128, pattern: '^[^\\u0000-\\u001f\\u007f]+$' }))),
    dtmfMode: Type.Optional(DtmfMode),
    ping: Type.Optional(Nullable(Type.Integer({ minimum: 5, maximum: 3600, description: 'seconds between OPTIONS pings' }))),
    transport: Type.Optional(Transport),
  },
  { additionalProperties: false },
);
export type TrunkCreateBody = Static<typeof TrunkCreateBody>;
