// fast-check arbitraries for the request fuzz: bodies generated from a route's own JSON schema,
// then mutated the ways a hostile client would.
import fc from 'fast-check';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const typesOf = (node: Node): string[] => (Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : []);

/** Ids of the test's real rows: a generated uuid is often one of them, so bodies reach past "not found". */
export const knownIds: string[] = [];

function stringOf(node: Node): fc.Arbitrary<string> {
  const maxLength = Math.min(typeof node.maxLength === 'number' ? node.maxLength : 40, 40);
  const minLength = Math.min(typeof node.minLength === 'number' ? node.minLength : 0, maxLength);
  if (node.format === 'uuid') return knownIds.length > 0 ? fc.oneof(fc.constantFrom(...knownIds), fc.uuid()) : fc.uuid();
  if (node.format === 'email') return fc.emailAddress();
  if (node.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
  if (typeof node.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(node.pattern, 'u')).map((text) => text.slice(0, Math.max(maxLength, minLength, 1)));
    } catch {
      // A pattern fast-check cannot generate from (lookarounds, \p classes): plain text then.
    }
  }
  return fc.string({ minLength, maxLength });
}

/** Values that conform to the schema (mostly: patterns are cut to their length, and so on). */
export function valueOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!isNode(schema) || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return fc.oneof(...(schema[key] as unknown[]).map((sub) => valueOf(sub, depth + 1)));
  }
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...schema, type }, depth)));
  switch (types[0] ?? 'any') {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: (schema.minimum as number | undefined) ?? -1e6, max: (schema.maximum as number | undefined) ?? 1e6 });
    case 'number':
      return fc.double({ min: (schema.minimum as number | undefined) ?? -1e6, max: (schema.maximum as number | undefined) ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, 3) });
    case 'object': {
      const properties = isNode(schema.properties) ? schema.properties : {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, valueOf(sub, depth + 1)]));
      return fc.record(model, { requiredKeys: ((schema.required as string[] | undefined) ?? []).filter((key) => key in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const HOSTILE_KEYS = ['tenantId', 'tenant_id', 'id', 'createdAt', 'created_at', 'updated_at', 'deleted_at', 'deletedAt', '__proto__', 'constructor', 'a\u0000b', '\ud800'];

/** What a hostile client puts where a value belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '&#36;{system(id)}', '&#x24;{system(id)}', '&amp;#36;{x}', '&quot;&lt;&gt;&apos;', '${system(id)}',
    '$${var}', '../../etc/passwd', '1e309', 'NaN', '', ' ', 'x'.repeat(100_000), 'é'.repeat(300),
    2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1.5, -1, 0, Number.MAX_VALUE, -Number.MAX_VALUE, null, true, false, [], {}, [{}], { a: { b: {} } }, ['x'],
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** The body with `marker` added to its n-th string (any depth): text a column or the switch must not get. */
function poisonString(body: unknown, n: number, marker: string): unknown {
  let seen = 0;
  const count = (value: unknown): number =>
    typeof value === 'string' ? 1 : Array.isArray(value) ? value.reduce((sum: number, item) => sum + count(item), 0) : isNode(value) ? Object.values(value).reduce((sum: number, item) => sum + count(item), 0) : 0;
  const total = count(body);
  if (total === 0) return body;
  const target = n % total;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return seen++ === target ? `${value}${marker}` : value;
    if (Array.isArray(value)) return value.map(walk);
    if (isNode(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return walk(body);
}

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A generated body with one hostile change, or left valid (valid bodies must not 5xx either). */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const withObject = (change: (body: Record<string, unknown>, key: string | undefined, value: unknown) => unknown) =>
    fc.tuple(valid, fc.nat(), hostileValue).map(([body, index, value]) => {
      if (!isNode(body)) return value;
      const keys = Object.keys(body);
      return change(body, keys.length > 0 ? keys[index % keys.length] : undefined, value);
    });
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    // An unknown or read-only key (Object.fromEntries keeps "__proto__" an own key, as JSON.parse does).
    { weight: 2, arbitrary: fc.tuple(valid, fc.constantFrom(...HOSTILE_KEYS), hostileValue).map(([body, key, value]) => (isNode(body) ? Object.fromEntries([...Object.entries(body), [key, value]]) : body)) },
    // A real field spelled as its column.
    { weight: 1, arbitrary: withObject((body, key) => (key ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k === key ? snake(k) : k, v])) : body)) },
    // A field with a hostile value.
    { weight: 3, arbitrary: withObject((body, key, value) => (key ? { ...body, [key]: value } : body)) },
    // Text no column can hold, or the switch must not decode, inside one string of a valid body.
    { weight: 2, arbitrary: fc.tuple(valid, fc.nat(), fc.constantFrom('\u0000', '\ud800', '\udfff', '&#36;{system(id)}', '&#x24;{x}', '&amp;')).map(([body, n, marker]) => poisonString(body, n, marker)) },
    // A whole body of the wrong kind.
    { weight: 1, arbitrary: fc.oneof(fc.constant({}), hostileValue) },
  );
}

/**
 * JSON text with `depth` nested arrays put into the body (as a new key of an object, or around any
 * other body): written as text because JSON.stringify itself overflows on 100,000 levels.
 */
export function deeplyNested(payload: string, depth: number): string {
  const nest = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (payload.startsWith('{') && payload !== '{}') return `{"deep":${nest},${payload.slice(1)}`;
  return `${'['.repeat(depth)}${payload}${']'.repeat(depth)}`;
}

/** How deep a fuzzed body nests: mostly not at all, else just past the cap or far past it. */
export const nestingDepth: fc.Arbitrary<number> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constantFrom(33, 64) },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 100_000) },
);
