import { Type, type Static } from 'typebox';
import { Nullable, PatchBody, Timestamp } from '../../platform/http/schemas.ts';

/** Tenant-facing context names; in the switch they become `<tenant code>_<context>`. */
export const ContextName = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$', description: 'lowercase letters, digits, _ and -' });

export const DialplanActionSchema = Type.Object(
  { application: Type.String({ minLength: 1, maxLength: 64 }), data: Type.String({ maxLength: 1024, default: '' }) },
  { additionalProperties: false },
);

const RuleFields = {
  context: ContextName,
  /** A label (the switch's extension name, XML-escaped by the writer); optional on create: `rule-<first 8 of id>`. */
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$' }),
  conditionField: Type.String({ minLength: 1, maxLength: 64 }),
  conditionExpression: Type.String({ minLength: 1, maxLength: 256 }),
  actions: Type.Array(DialplanActionSchema, { maxItems: 50 }),
  antiActions: Type.Array(DialplanActionSchema, { maxItems: 50 }),
  continue: Type.Boolean(),
  order: Type.Integer({ minimum: 0, maximum: 100000 }),
  enabled: Type.Boolean(),
};

export const DialplanRule = Type.Object({ id: Type.String(), ...RuleFields, createdAt: Timestamp, updatedAt: Timestamp });
export type DialplanRule = Static<typeof DialplanRule>;

export const RuleCreateBody = Type.Object(
  {
    context: Type.Optional(RuleFields.context),
    name: Type.Optional(RuleFields.name),
    conditionField: RuleFields.conditionField,
    conditionExpression: RuleFields.conditionExpression,
    actions: RuleFields.actions,
    antiActions: Type.Optional(RuleFields.antiActions),
    continue: Type.Optional(RuleFields.continue),
    order: Type.Optional(RuleFields.order),
    enabled: Type.Optional(RuleFields.enabled),
  },
  { additionalProperties: false },
);
export type RuleCreateBody = Static<typeof RuleCreateBody>;

export const RulePatchBody = PatchBody(RuleFields);
export type RulePatchBody = Static<typeof RulePatchBody>;

export const RuleListQuery = Type.Object({ context: Type.Optional(ContextName) });

export const VersionStatus = Type.Union([Type.Literal('DRAFT'), Type.Literal('ACTIVE'), Type.Literal('SUPERSEDED')]);

export const DialplanVersion = Type.Object({
  id: Type.String(),
  context: Type.String(),
  number: Type.Integer(),
  status: VersionStatus,
  createdBy: Nullable(Type.String()),
  createdAt: Timestamp,
  activatedAt: Nullable(Timestamp),
});
export type DialplanVersion = Static<typeof DialplanVersion>;

export const DialplanVersionWithXml = Type.Object({ ...DialplanVersion.properties, xml: Type.String() });
export type DialplanVersionWithXml = Static<typeof DialplanVersionWithXml>;

export const VersionCreateBody = Type.Object({ context: ContextName }, { additionalProperties: false });
export const VersionListQuery = Type.Object({ context: Type.Optional(ContextName) });
