// The app's route table as tests see it: every route as registered, with its schemas.
import type { RouteOptions } from 'fastify';
import { INT4_MAX } from '../src/platform/http/schemas.ts';

export interface RouteEntry {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** Pass `onRoute` to startTestApp / useTestApp; `routes` fills as the app registers them. */
export function routeRecorder(): { routes: RouteEntry[]; onRoute: (route: RouteOptions) => void } {
  const routes: RouteEntry[] = [];
  return {
    routes,
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url, schema: (route.schema ?? {}) as RouteEntry['schema'] });
    },
  };
}

export const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const typesOf = (node: Node): string[] => (Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : []);

/** Every sub-schema of a schema, with its JSON path. */
export function* schemaNodes(schema: unknown, path = '#'): Generator<{ node: Node; path: string }> {
  if (!isNode(schema)) return;
  yield { node: schema, path };
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) {
    yield* schemaNodes(schema[key], `${path}/${key}`);
  }
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) {
    if (isNode(schema[key])) for (const [name, sub] of Object.entries(schema[key])) yield* schemaNodes(sub, `${path}/${key}/${name}`);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (Array.isArray(schema[key])) for (const [index, sub] of (schema[key] as unknown[]).entries()) yield* schemaNodes(sub, `${path}/${key}/${index}`);
  }
}

/** A body schema's own schemas: one, or one per content type. */
export function bodySchemas(body: unknown): unknown[] {
  if (isNode(body) && isNode(body.content)) return Object.values(body.content).map((entry) => (isNode(entry) ? entry.schema : undefined));
  return body === undefined ? [] : [body];
}

/** What is wrong with a request schema: an object open to unknown keys, a number without bounds a column can hold. */
export function schemaProblems(schema: unknown, options: { closedObjects: boolean }): string[] {
  const problems: string[] = [];
  for (const { node, path } of schemaNodes(schema)) {
    const types = typesOf(node);
    const isObject = types.includes('object') || (types.length === 0 && (isNode(node.properties) || 'required' in node));
    if (options.closedObjects && isObject && node.additionalProperties !== false) problems.push(`${path}: object without additionalProperties: false`);
    if (types.includes('integer')) {
      const { minimum, maximum } = node as { minimum?: number; maximum?: number };
      if (minimum === undefined || maximum === undefined || minimum < -INT4_MAX - 1 || maximum > INT4_MAX) {
        problems.push(`${path}: integer without bounds inside a PostgreSQL integer (${minimum ?? '-∞'}..${maximum ?? '∞'})`);
      }
    } else if (types.includes('number')) {
      if (typeof node.minimum !== 'number' || typeof node.maximum !== 'number') problems.push(`${path}: number without finite bounds`);
    }
  }
  return problems;
}
