import { Type, type Static } from 'typebox';
import { EXTENSION_NUMBER_PATTERN } from '@callcenter/rules/extension-number';
import { Nullable, PatchBody, Timestamp } from '../../platform/http/schemas.ts';
import { ContextName } from '../dialplan/dialplan.schema.ts';

/** Codecs a tenant may offer; the switch profiles carry all of them. */
const Codec = Type.Union([
  Type.Literal('PCMA'),
  Type.Literal('PCMU'),
  Type.Literal('G722'),
  Type.Literal('OPUS'),
  Type.Literal('G729'),
]);

const Fields = {
  callerId: Nullable(Type.String({ pattern: '^[\\p{L}\\p{N} .,_+()-]{1,64}$' })),
  context: ContextName,
  sipProfile: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$' }),
  codecs: Type.Array(Codec, { minItems: 1, maxItems: 5, uniqueItems: true }),
  maxRegistrations: Type.Integer({ minimum: 1, maximum: 20 }),
  /** A token written into the directory: extensions of one group pick up each other's calls with *8. */
  callGroup: Nullable(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,31}$' })),
};

export const Extension = Type.Object({
  id: Type.String(),
  number: Type.String(),
  domain: Type.String(),
  ...Fields,
  registeredAt: Nullable(Timestamp),
  /** The last REGISTER the switch refused (wrong password, too many phones), and from where. */
  lastRegistrationFailureAt: Nullable(Timestamp),
  lastRegistrationFailureIp: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Extension = Static<typeof Extension>;

/** Where a phone registers, from the platform's configuration (SIP_REGISTRAR_HOST, SIP_REGISTRAR_PORT, SIP_TRANSPORT). */
export const Registrar = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  transport: Type.Union([Type.Literal('udp'), Type.Literal('tcp'), Type.Literal('tls')]),
});

/**
 * Create, reset-password and reveal-password: the only answers that carry the SIP password, with
 * what a phone needs besides it (SIP user = number, domain, registrar).
 */
export const ExtensionWithPassword = Type.Object({
  ...Extension.properties,
  sipPassword: Type.String(),
  registrar: Registrar,
});
export type ExtensionWithPassword = Static<typeof ExtensionWithPassword>;

export const ExtensionCreateBody = Type.Object(
  {
    number: Type.String({ pattern: EXTENSION_NUMBER_PATTERN, description: '2 to 8 digits' }),
    ...Type.Partial(Type.Object(Fields)).properties,
  },
  { additionalProperties: false },
);
export type ExtensionCreateBody = Static<typeof ExtensionCreateBody>;

export const ExtensionPatchBody = PatchBody(Fields);
export type ExtensionPatchBody = Static<typeof ExtensionPatchBody>;
