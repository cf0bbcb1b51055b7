// Dial strings: "{global=vars}[leg=vars]endpoint,[leg]endpoint|failover" and the originate
// argument list, split like switch_separate_string and switch_event_create_brackets.
import { cleanupSeparated, separateCharDelim } from '../api/strings.ts';

export interface DialLeg {
  target: string;
  vars: Array<[string, string]>;
}

export interface DialString {
  globalVars: Array<[string, string]>;
  /** Groups tried one after another ("|"); legs of a group ring together (","). */
  groups: DialLeg[][];
}

/** Splits on `sep` outside quotes, {} and [] (backslash escapes the next char). */
export function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1]!;
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = '';
      current += c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '{' || c === '[' || c === '<') depth++;
    else if ((c === '}' || c === ']' || c === '>') && depth > 0) depth--;
    if (c === sep && depth === 0) {
      out.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  out.push(current);
  return out;
}

/**
 * switch_event_create_brackets' variable list: fields split on `delim` (or the `^^<d>` one)
 * outside '…' and not after a backslash, each split once on '=', quotes and escapes removed by
 * cleanup_separated_string; a field without '=' is dropped. "a=1,b='x,y'" → a=1, b=x,y.
 */
export function parseVarList(body: string, delim = ','): Array<[string, string]> {
  let text = body;
  let sep = delim;
  if (text.startsWith('^^') && text.length > 2) {
    sep = text[2]!;
    text = text.slice(3);
  }
  const out: Array<[string, string]> = [];
  for (const field of separateCharDelim(text, sep, 1024)) {
    const pair = separateCharDelim(field, '=', 2);
    if (pair.length === 2) out.push([pair[0]!, pair[1]!]);
  }
  return out;
}

/** switch_find_end_paren: the matching close, nesting counted, quotes not considered. */
function findEndParen(text: string, open: string, close: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return i;
  }
  return -1;
}

/** Leading {…} (several allowed, switch_ivr_originate's loop) or one […] block. */
function takeBlock(text: string, open: string, close: string): [Array<[string, string]>, string] {
  let rest = text.trimStart();
  const vars: Array<[string, string]> = [];
  while (rest.startsWith(open)) {
    const end = findEndParen(rest, open, close);
    if (end < 0) break;
    vars.push(...parseVarList(rest.slice(1, end)));
    rest = rest.slice(end + 1).trimStart();
    if (open === '[') break;
  }
  return [vars, rest];
}

export function parseDialString(text: string): DialString {
  const [globalVars, rest] = takeBlock(text, '{', '}');
  const groups = splitTop(rest, '|').map((group) =>
    splitTop(group, ',')
      .map((leg) => {
        const [vars, target] = takeBlock(leg, '[', ']');
        return { target: target.trim(), vars };
      })
      .filter((leg) => leg.target.length > 0),
  );
  return { globalVars, groups: groups.filter((g) => g.length > 0) };
}

/**
 * switch_separate_string with a space (separate_string_blank_delim): fields split on spaces
 * outside '…' (braces mean nothing), a backslash protects the next character, at most `max`
 * fields (the last keeps the rest); then every field loses its quotes and blanks
 * (cleanup_separated_string). So `{a='x, y'}null/1` becomes `{a=x, y}null/1`.
 */
export function separateArgs(text: string, max = 1024): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i < text.length && fields.length < max) {
    const start = i;
    if (fields.length === max - 1) {
      fields.push(text.slice(start));
      break;
    }
    while (i < text.length && text[i] === ' ') i++;
    let quoted = false;
    let end = text.length;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === "'") quoted = !quoted;
      else if (c === ' ' && !quoted) {
        end = i;
        break;
      }
    }
    fields.push(text.slice(start, end));
    i = end + 1;
    while (i < text.length && text[i] === ' ') i++;
  }
  return fields.map((field) => cleanupSeparated(field, ''));
}
