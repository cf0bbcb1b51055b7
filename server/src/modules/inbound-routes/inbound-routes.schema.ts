import { Type, type Static } from 'typebox';
import { Nullable, PatchBody, Timestamp } from '../../platform/http/schemas.ts';

const DestinationType = Type.Union([Type.Literal('EXTENSION'), Type.Literal('IVR'), Type.Literal('QUEUE'), Type.Literal('CALL_GROUP')]);

const Fields = {
  /** One of the tenant's numbers, in any written form; stored and answered in E.164. */
  didNumber: Type.String({ minLength: 1, maxLength: 40, description: "one of the tenant's numbers (GET /numbers), any written form" }),
  destinationType: DestinationType,
  /** EXTENSION: extension number; IVR: menu id (its context accepted, stored as the id); QUEUE: queue id; CALL_GROUP: a callGroup. */
  destinationNumber: Type.String({
    minLength: 1,
    maxLength: 64,
    description:
      'EXTENSION: an extension number; IVR: the id of an IVR menu (its context is accepted too and stored as the id); QUEUE: the id of a queue; CALL_GROUP: a call group of an extension',
  }),
  description: Nullable(Type.String({ maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
};

export const InboundRoute = Type.Object({ id: Type.String(), ...Fields, createdAt: Timestamp, updatedAt: Timestamp });
export type InboundRoute = Static<typeof InboundRoute>;

export const InboundRouteCreateBody = Type.Object(
  { didNumber: Fields.didNumber, destinationType: Fields.destinationType, destinationNumber: Fields.destinationNumber, description: Type.Optional(Fields.description) },
  { additionalProperties: false },
);
export type InboundRouteCreateBody = Static<typeof InboundRouteCreateBody>;

export const InboundRoutePatchBody = PatchBody(Fields);
export type InboundRoutePatchBody = Static<typeof InboundRoutePatchBody>;
