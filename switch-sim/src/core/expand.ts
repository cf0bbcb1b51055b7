// ${…} expansion the way switch_channel_expand_variables_check does it: braces nest, a name with a
// space or "(" is an API call (`${user_data(1000@example var callgroup)}`) run synchronously with
// its output put in place, `${name:offset:length}` slices, `\$` escapes, and both the name and the
// value are expanded again. Unknown variables and failed API calls expand to ''.
import type { Channel } from './channel.ts';

/** Runs an API command inline; undefined when the switch would report a failure. */
export type InlineApi = (command: string, argument: string) => string | undefined;

const MAX_DEPTH = 100;

export function expandVars(text: string, ch: Channel | undefined, globals: Map<string, string>, inlineApi?: InlineApi, depth = 0): string {
  if (depth > MAX_DEPTH || !needsExpansion(text)) return text;
  const again = (inner: string) => expandVars(inner, ch, globals, inlineApi, depth + 1);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\') {
      const next = text[i + 1];
      if (next === '$') {
        // "\$" and "\$$" are a literal dollar.
        i += text[i + 2] === '$' ? 3 : 2;
        out += '$';
        continue;
      }
      if (next === "'") {
        i += 2;
        continue;
      }
      if (next === '\\') {
        out += '\\';
        i += 2;
        continue;
      }
    }
    if (char === '$') {
      const global = text[i + 1] === '$';
      const open = global ? i + 2 : i + 1;
      if (text[open] === '{') {
        const end = closingBrace(text, open + 1);
        out += resolve(text.slice(open + 1, end), global, ch, globals, inlineApi, again);
        i = end + 1;
        continue;
      }
      out += '$';
      i = global ? i + 2 : i + 1;
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

/** switch_string_var_check_const || switch_string_has_escaped_data: anything else is kept as is. */
const needsExpansion = (text: string) => /\$\\*\{/.test(text) || /\\[\\nst']/.test(text);

/** Index of the "}" closing a reference whose body starts at `start` (text.length if none). */
function closingBrace(text: string, start: number): number {
  let depth = 1;
  for (let k = start; k < text.length; k++) {
    const char = text[k];
    if (depth === 1 && char === '}') return k;
    if (k !== start && char === '{') depth++;
    else if (depth > 1 && char === '}') depth--;
  }
  return text.length;
}

function resolve(body: string, global: boolean, ch: Channel | undefined, globals: Map<string, string>, inlineApi: InlineApi | undefined, again: (text: string) => string): string {
  const call = /[ (]/.exec(body);
  if (call) {
    const command = again(body.slice(0, call.index).replace(/ +$/, '')).trim();
    const argument = again(callArgument(body.slice(call.index + 1), call[0] === '(')).trim();
    return inlineApi?.(command, argument) ?? '';
  }
  const [name = '', offsetText, lengthText] = again(body).replace(/\[[^\]]*\].*$/, '').split(':');
  const raw = global ? globals.get(name) : (ch?.vars.get(name) ?? channelField(ch, name) ?? globals.get(name));
  if (raw === undefined) return '';
  return slice(again(raw), Number.parseInt(offsetText ?? '0', 10) || 0, Number.parseInt(lengthText ?? '0', 10) || 0);
}

/** The argument ends at the ")" matching the call's "(" (nested parentheses are kept). */
function callArgument(rest: string, parenthesised: boolean): string {
  let depth = parenthesised ? 1 : 0;
  for (let k = 0; k < rest.length; k++) {
    const char = rest[k];
    if (char === '(') depth++;
    else if (depth > 1 && char === ')') depth--;
    else if (depth === 1 && char === ')') return rest.slice(0, k);
  }
  return rest;
}

/** `${name:offset:length}`: a negative offset counts from the end. */
function slice(value: string, offset: number, length: number): string {
  let result = value;
  if (offset >= 0) result = offset > result.length ? '' : result.slice(offset);
  else if (-offset <= result.length) result = result.slice(result.length + offset);
  if (length > 0 && length < result.length) result = result.slice(0, length);
  return result;
}

/** Caller-profile fields usable as ${...} and as dialplan condition fields. */
export function channelField(ch: Channel | undefined, name: string): string | undefined {
  const p = ch?.profile;
  if (!ch || !p) return undefined;
  switch (name) {
    case 'destination_number':
      return p.destinationNumber;
    case 'caller_id_number':
      return p.callerIdNumber;
    case 'caller_id_name':
      return p.callerIdName;
    case 'ani':
      return p.ani;
    case 'network_addr':
      return p.networkAddr;
    case 'context':
      return p.context;
    case 'dialplan':
      return p.dialplan;
    case 'username':
      return p.username;
    case 'rdnis':
      return p.rdnis;
    case 'source':
      return p.source;
    case 'chan_name':
      return ch.name;
    case 'uuid':
      return ch.uuid;
    default:
      return undefined;
  }
}
