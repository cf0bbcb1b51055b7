// The JSON body parser: Fastify's own (secure-json-parse, prototype poisoning refused), behind two
// checks it does not make. The bytes must be UTF-8 (RFC 8259 §8.1): Node would silently turn a bad
// byte into U+FFFD and store a name the client never sent. And the nesting is capped before parsing:
// every walk of a parsed body (validation, the text rule) is recursive, and 100,000 nested arrays
// overflow the stack into a 500 (decision 0057).
import type { FastifyInstance } from 'fastify';
import { E } from './error-codes.ts';
import { badRequest } from './errors.ts';

/** Deeper than any body a route takes (an IVR menu or a schedule is a handful of levels). */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of objects and arrays in JSON text, stopping once past `limit`; brackets inside
 * strings do not count. One pass without recursion, so no input can overflow it. Malformed text is
 * measured as far as it goes: the parser that follows refuses it.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH)
        index += 1; // the escaped character, whatever it is
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Replaces Fastify's JSON parser with the same one behind the UTF-8 and depth checks. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) {
      done(badRequest(E.INVALID_JSON, 'The body is not valid JSON: it must be UTF-8 encoded'), undefined);
      return;
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        badRequest(E.VALIDATION_FAILED, 'The request body is invalid', [
          {
            path: 'body',
            message: `must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`,
          },
        ]),
        undefined,
      );
      return;
    }
    void parseJson(request, text, done);
  });
}
