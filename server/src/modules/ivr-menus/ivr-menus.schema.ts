import { Type, type Static } from 'typebox';
import { Nullable, PatchBody, Timestamp } from '../../platform/http/schemas.ts';
import { ContextName } from '../dialplan/dialplan.schema.ts';

const Position = Nullable(Type.Number({ minimum: -100000, maximum: 100000 }));
const Label = Type.String({ maxLength: 60, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

export const IvrOption = Type.Object(
  {
    digit: Type.String({ pattern: '^[0-9*#]$' }),
    targetExtension: Type.String({ pattern: '^[0-9]{2,8}$' }),
    label: Type.Optional(Nullable(Label)),
    positionX: Type.Optional(Position),
    positionY: Type.Optional(Position),
  },
  { additionalProperties: false },
);
export type IvrOption = Static<typeof IvrOption>;

const OptionOut = Type.Object({
  digit: Type.String(),
  targetExtension: Type.String(),
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
