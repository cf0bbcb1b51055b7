// Every registered route's request schemas, read from the app's route table: a body refuses
// unknown keys at every object node (mass assignment), and every number fits its column.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { PatchBody, StrictObject } from '../src/platform/http/schemas.ts';
import { useTestApp } from './harness.ts';
import { bodySchemas, routeRecorder, schemaProblems } from './route-table.ts';

const recorder = routeRecorder();
useTestApp({ onRoute: recorder.onRoute });

describe('request schemas of every route', () => {
  it('the walk finds what the old schemas got wrong (a Partial that lost additionalProperties, an unbounded integer)', () => {
    const old = Type.Partial(Type.Object({ name: Type.String(), limit: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }));
    expect(schemaProblems(old, { closedObjects: true })).toEqual([
      '#: object without additionalProperties: false',
      '#/properties/limit: integer without bounds inside a PostgreSQL integer (0..∞)',
    ]);
    const nested = StrictObject({ options: Type.Array(Type.Object({ digit: Type.String() })) });
    expect(schemaProblems(nested, { closedObjects: true })).toEqual(['#/properties/options/items: object without additionalProperties: false']);
    expect(schemaProblems(PatchBody({ name: Type.String() }), { closedObjects: true })).toEqual([]);
  });

  it('every body schema refuses unknown keys at every object node, and every number has bounds', () => {
    const withBody = recorder.routes.filter((route) => route.schema.body !== undefined);
    // The table is the app's: a new module's routes are walked without anyone listing them here.
    expect(withBody.length).toBeGreaterThan(30);
    const problems = withBody.flatMap((route) =>
      bodySchemas(route.schema.body).flatMap((schema) =>
        schemaProblems(schema, { closedObjects: true }).map((problem) => `${route.method} ${route.url} body ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('every number in a query string or path fits its column', () => {
    const problems = recorder.routes.flatMap((route) =>
      (['querystring', 'params'] as const).flatMap((part) =>
        schemaProblems(route.schema[part], { closedObjects: false }).map((problem) => `${route.method} ${route.url} ${part} ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });
});
