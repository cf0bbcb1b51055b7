import { Type, type Static } from 'typebox';
import { EXTENSION_NUMBER_PATTERN } from '@callcenter/rules/extension-number';
import { Nullable, PatchBody, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import { ContextName } from '../dialplan/dialplan.schema.ts';

const Position = Nullable(Type.Number({ minimum: -100000, maximum: 100000 }));
const Label = Type.String({ maxLength: 60, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

/** Where an option (or a menu whose tries ran out) sends the caller. */
export const IvrTargetType = Type.Union([
  Type.Literal('EXTENSION'),
  Type.Literal('QUEUE'),
  Type.Literal('IVR'),
  Type.Literal('HANGUP'),
]);
export type IvrTargetType = Static<typeof IvrTargetType>;

/**
 * The target of an option or of the menu's failure: `targetType` (EXTENSION when absent, so a
 * client that only knows `targetExtension` keeps working) and the one field that type needs.
 * null is taken as absent, so a client may send back what it read.
 */
const TargetFields = {
  targetType: Type.Optional(IvrTargetType),
  targetExtension: Type.Optional(Nullable(Type.String({ pattern: EXTENSION_NUMBER_PATTERN }))),
  targetQueueId: Type.Optional(Nullable(Uuid)),
  targetMenuId: Type.Optional(Nullable(Uuid)),
};
export interface IvrTargetInput {
  targetType?: IvrTargetType;
  targetExtension?: string | null;
  targetQueueId?: string | null;
  targetMenuId?: string | null;
}

export const IvrTarget = Type.Object(TargetFields, { additionalProperties: false });

const TargetOut = {
  targetType: IvrTargetType,
  /** Kept for EXTENSION targets (null otherwise), as before targets had a type. */
  targetExtension: Nullable(Type.String()),
  targetQueueId: Nullable(Type.String()),
  targetMenuId: Nullable(Type.String()),
};
export const IvrTargetOut = Type.Object(TargetOut);
export type IvrTargetOut = Static<typeof IvrTargetOut>;

export const IvrOption = Type.Object(
  {
    digit: Type.String({ pattern: '^[0-9*#]$' }),
    ...TargetFields,
    label: Type.Optional(Nullable(Label)),
    positionX: Type.Optional(Position),
    positionY: Type.Optional(Position),
  },
  { additionalProperties: false },
);
export type IvrOption = Static<typeof IvrOption>;

const OptionOut = Type.Object({
  digit: Type.String(),
  ...TargetOut,
  label: Nullable(Type.String()),
  positionX: Nullable(Type.Number()),
  positionY: Nullable(Type.Number()),
});

const Fields = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]+$' }),
  /** Derived from the name when absent; the menu's own dialplan context. */
  context: ContextName,
  /** Free text, held to the safe-data rule of dialplan data: it is written into the dialplan. */
  greeting: Type.String({ maxLength: 500 }),
  /** Editor layout only; never compiled. */
  entryPositionX: Position,
  entryPositionY: Position,
  options: Type.Array(IvrOption, { maxItems: 12 }),
  /** How long the switch waits for a digit, each try. */
  timeoutSeconds: Type.Integer({ minimum: 1, maximum: 60 }),
  /** Tries (a wrong digit or no digit) before the caller goes to failureTarget. */
  maxFailures: Type.Integer({ minimum: 1, maximum: 10 }),
  failureTarget: IvrTarget,
};

export const IvrMenu = Type.Object({
  id: Type.String(),
  name: Type.String(),
  context: Type.String(),
  greeting: Type.String(),
  hasPrompt: Type.Boolean(),
  promptSizeBytes: Nullable(Type.Integer()),
  entryPositionX: Nullable(Type.Number()),
  entryPositionY: Nullable(Type.Number()),
  options: Type.Array(OptionOut),
  timeoutSeconds: Type.Integer(),
  maxFailures: Type.Integer(),
  failureTarget: IvrTargetOut,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type IvrMenu = Static<typeof IvrMenu>;

export const IvrMenuCreateBody = Type.Object(
  { ...Type.Partial(Type.Object(Fields)).properties, name: Fields.name },
  { additionalProperties: false },
);
export type IvrMenuCreateBody = Static<typeof IvrMenuCreateBody>;

export const IvrMenuPatchBody = PatchBody(Fields);
export type IvrMenuPatchBody = Static<typeof IvrMenuPatchBody>;
