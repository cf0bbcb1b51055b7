// A route whose JSON body may be left out (a DELETE: many HTTP clients send none). Fastify validates
// an absent body as `undefined` against the schema and refuses it, and @fastify/swagger marks every
// request body required; both are undone here for the routes that say so.
import type { FastifyRequest } from 'fastify';

/** Put in a route's schema (beside `body`) to publish its request body as optional. */
export const OPTIONAL_BODY = 'x-optional-body';

/** preValidation hook: no body at all is judged as the empty object, so the schema's own rules apply. */
export async function optionalBody(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

type Operation = { requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: unknown };

/** @fastify/swagger's transformObject: `requestBody.required: false` on the marked operations. */
export function publishOptionalBodies<T extends { paths?: object }>(document: T): T {
  for (const operations of Object.values(document.paths ?? {}) as (object | undefined)[]) {
    for (const operation of Object.values(operations ?? {}) as Operation[]) {
      if (operation?.[OPTIONAL_BODY] !== true) continue;
      if (operation.requestBody) operation.requestBody.required = false;
      delete operation[OPTIONAL_BODY];
    }
  }
  return document;
}
