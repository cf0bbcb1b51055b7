// mod_commands' small string and directory commands that dialplans call inline as ${name(args)}.
import type { SwitchConfig } from '../config/types.ts';

/**
 * `user_data <user>@<domain> [var|param|attr] <name>` (user_data_function): the user's merged
 * directory entry; names compare case-insensitively and the last definition wins. Nothing is
 * written when the user or the name is unknown.
 */
export function userData(config: SwitchConfig, argument: string): string {
  const [who = '', type, key] = argument.split(' ').filter((part) => part !== '');
  if (!type || !key) return '';
  const at = who.indexOf('@');
  const id = at >= 0 ? who.slice(0, at) : who;
  const domain = at >= 0 ? who.slice(at + 1) : '';
  const user =
    config.users.get(`${id}@${domain}`) ?? [...config.users.values()].find((candidate) => candidate.domain === domain && candidate.numberAlias === id);
  if (!user) return '';
  if (type === 'attr') return key === 'id' ? user.id : key === 'number-alias' ? (user.numberAlias ?? '') : '';
  const entries = type === 'var' ? user.variables : Object.entries(user.params);
  let result = '';
  for (const [name, value] of entries) if (name.toLowerCase() === key.toLowerCase()) result = value;
  return result;
}

const UNESCAPE: Record<string, string> = { n: '\n', r: '\r', t: '\t', s: ' ' };

/** cleanup_separated_string: leading/trailing blanks, single quotes and backslash escapes removed. */
export function cleanupSeparated(text: string, delim: string): string {
  let out = '';
  let end = 0;
  let quoted = false;
  let i = 0;
  while (text[i] === ' ') i++;
  for (; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === '\\' && next !== undefined && (next === "'" || next === '"' || (delim !== '' && next === delim) || next === '\\' || next in UNESCAPE)) {
      out += UNESCAPE[next] ?? next;
      end = out.length;
      i++;
      continue;
    }
    if (char === "'" && (quoted || text.indexOf("'", i + 1) >= 0)) {
      quoted = !quoted;
      if (quoted) end = out.length;
      continue;
    }
    out += char;
    if (char !== ' ' || quoted) end = out.length;
  }
  return out.slice(0, end);
}

/**
 * switch_separate_string with a delimiter other than a space (separate_string_char_delim): empty
 * fields are kept, a backslash escapes the next character, single quotes group, at most `max`
 * fields (the last keeps the rest).
 */
export function separateCharDelim(text: string, delim: string, max: number): string[] {
  const fields: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length && fields.length < max - 1; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === "'" && (quoted || text.indexOf("'", i + 1) >= 0)) quoted = !quoted;
    else if (char === delim && !quoted) {
      fields.push(text.slice(start, i));
      start = i + 1;
    }
  }
  // A field starts only where there is text: "a|" is one field, "|b" two (the first empty).
  if (start < text.length) fields.push(text.slice(start));
  return fields.map((field) => cleanupSeparated(field, delim));
}

/**
 * `regex <data>|<pattern>[|<substitution>[|<flags>]]` (regex_function): with a substitution, the
 * substitution with $N (or %N) replaced by the captures when the pattern matches, else the data
 * ("" with flag n, "false" with flag b); without one, "true" or "false". `m:<d>` picks the
 * delimiter (| ~ /). Fewer than two fields: "-ERR".
 */
export function regexApi(argument: string | undefined): string {
  if (!argument) return '-ERR';
  let text = argument;
  let delim = '|';
  if (/^m:[|~/]/.test(text)) {
    delim = text[2]!;
    text = text.slice(3);
  }
  const argv = separateCharDelim(text, delim, 4);
  if (argv.length < 2) return '-ERR';
  const [data = '', pattern = '', substitution, flags = ''] = argv;
  let match: RegExpExecArray | null = null;
  try {
    match = new RegExp(pattern).exec(data);
  } catch {
    match = null;
  }
  if (substitution === undefined) return match ? 'true' : 'false';
  if (!match) return flags.includes('n') ? '' : flags.includes('b') ? 'false' : data;
  return substitution.replaceAll('%', '$').replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? '');
}
