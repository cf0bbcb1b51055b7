// The safe-data rule, shared by dialplan action data and IVR greetings: text the switch will
// expand and execute must not smuggle in markup, commands, or variables that execute things.
// Pure functions; rationale in docs/decisions/0007-dialplan-safety.md.

/**
 * The only `${name(...)}` functions data may call: pure string work or directory look-ups.
 * url_decode builds any text (`%24%7B` is `${`), so its decoded text is judged too (checkUrlDecode).
 */
export const ALLOWED_FUNCTIONS = [
  'user_data',
  'escape',
  'url_encode',
  'url_decode',
  'regex',
  'strftime',
] as const;

export const MAX_DATA_LENGTH = 1024;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL = /[\u0000-\u001f\u007f]/;
const MARKUP = /[<>"`]/;
/** `&#36;`, `&#x24;`, `&quot;`…: text that reads as something else to anyone who decodes XML. */
export const XML_REFERENCE = /&(#|[A-Za-z][A-Za-z0-9]*;)/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*/;

/**
 * Variable names that make the switch execute something (api_*, *_hook, execute_on_*,
 * exec_after_bridge_*, bridge_pre_execute_*, record_post_process_exec_*), leave the context
 * (transfer_after_bridge), or decide which tenant a call belongs to (domain, svc_*).
 */
const DANGEROUS_VARIABLES = [
  /exec/i,
  /hook/i,
  /(^|_)api(_|$)/i,
  /^transfer_after_bridge$/i,
  /^domain(_name)?$/i,
  /^svc_/i,
];

export function isDangerousVariable(name: string): boolean {
  return DANGEROUS_VARIABLES.some((pattern) => pattern.test(name));
}

/** A `${…}` found at the top level of a text, with its position. */
export interface Reference {
  start: number;
  end: number;
  text: string;
}

/**
 * Finds the top-level `${…}` references and checks every one, nested ones included: a plain
 * variable, `${var:offset[:length]}`, or a call of an allowlisted function. Returns the
 * references, or the first problem.
 */
export function scanReferences(
  text: string,
  options: { regexAnchors?: boolean } = {},
): { references: Reference[] } | { error: string } {
  const references: Reference[] = [];
  let index = 0;
  while (index < text.length) {
    if (text.startsWith('$${', index)) return { error: 'global variables ($${…}) are not allowed' };
    if (text[index] === '$' && !text.startsWith('${', index)) {
      const problem = loneDollar(text.slice(index), options.regexAnchors === true);
      if (problem) return { error: problem };
    }
    if (!text.startsWith('${', index)) {
      index += 1;
      continue;
    }
    const end = closingBrace(text, index + 2);
    if (end < 0) return { error: 'has an unterminated ${…}' };
    const problem = checkReferenceBody(text.slice(index + 2, end));
    if (problem) return { error: problem };
    references.push({ start: index, end: end + 1, text: text.slice(index, end + 1) });
    index = end + 1;
  }
  return { references };
}

/**
 * A `$` that does not open `${…}` may only be a regex capture (`$1`) not followed by `{`, or,
 * where the data holds a regular expression and sets no variable from its own text
 * (play_and_get_digits), an anchor ending a word: any other `$` could be joined with a `{…}` at
 * call time (the switch expands a variable's value again when it is used), and a capture ending
 * in `$` would open one.
 */
function loneDollar(text: string, regexAnchors: boolean): string | null {
  if (regexAnchors && /^\$(\s|$)/.test(text)) return null;
  const capture = /^\$\d+/.exec(text);
  if (!capture) return 'a $ must open ${…} or be a capture ($1…)';
  return text[capture[0].length] === '{' ? 'a capture ($1…) must not be followed by {' : null;
}

/** Index of the `}` closing a `${` whose content starts at `from`, or -1. */
export function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function checkReferenceBody(body: string): string | null {
  const name = VARIABLE_NAME.exec(body)?.[0];
  if (!name) return `\${${body}} is not a variable reference`;
  const rest = body.slice(name.length);
  if (rest === '' || /^:-?\d{1,4}(:\d{1,4})?$/.test(rest)) return null;
  if (rest.startsWith('(') && rest.endsWith(')')) {
    if (!(ALLOWED_FUNCTIONS as readonly string[]).includes(name))
      return `the function ${name}() is not allowed`;
    if (name === 'url_decode') return checkUrlDecode(rest.slice(1, -1));
    const inner = scanReferences(rest.slice(1, -1));
    return 'error' in inner ? inner.error : null;
  }
  return `\${${name}…} is neither a variable nor an allowed function call`;
}

/**
 * The switch's url_decode (switch_utils.c) turns each `%` and two hex digits into that byte and
 * leaves `+` alone; a `%` it would read otherwise (sscanf also takes one digit or a space) is refused
 * rather than guessed. Null when the text is not one it decodes predictably.
 */
export function switchUrlDecode(text: string): string | null {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return null;
  try {
    return decodeURIComponent(text);
  } catch {
    // Bytes that are not UTF-8 (%C3 alone): the switch passes them on, we refuse them.
    return null;
  }
}

/**
 * `${url_decode(…)}` of literal text whose decoded form cannot build an expansion (no `$ { }`) nor
 * change how the data around it is read: decoding happens after the XML is parsed and before the
 * application splits its arguments, so no spaces, separators, quotes, `/` or `..` either. Only
 * letters, marks, digits and `_ - + * # .` (an accented name, a number) come out of it.
 */
function checkUrlDecode(argument: string): string | null {
  if (argument.includes('$')) return 'url_decode() may only decode literal text, not ${…}';
  const decoded = switchUrlDecode(argument);
  if (decoded === null) return 'url_decode() needs %XX escapes of UTF-8 text';
  if (/[${}]/.test(decoded)) return 'url_decode() must not decode to $, { or }';
  if (!/^[\p{L}\p{M}\p{N}_+*#.-]*$/u.test(decoded) || decoded.includes('..')) {
    return 'url_decode() may only decode to letters, digits and _ - + * # .';
  }
  return null;
}

/**
 * The safe-data rule, for action data and IVR greetings: one line of text without markup, quotes
 * or XML references (the writer escapes every `&`, so the switch reads the text as typed), whose references are plain variables or allowlisted functions, and which never
 * assigns a variable that executes something or a computed variable name.
 */
export function checkSafeData(
  data: string,
  { maxLength = MAX_DATA_LENGTH, regexAnchors = false } = {},
): string | null {
  if (data.length > maxLength) return `must be at most ${maxLength} characters`;
  if (CONTROL.test(data)) return 'must not contain control characters or line breaks';
  if (MARKUP.test(data)) return 'must not contain <, >, " or `';
  if (XML_REFERENCE.test(data)) return 'must not contain XML character or entity references (&#…, &name;)';
  const scanned = scanReferences(data, { regexAnchors });
  if ('error' in scanned) return scanned.error;
  if (/\}\s*=/.test(data)) return 'a variable name must not be computed from ${…}';
  for (const match of data.matchAll(/([A-Za-z0-9_]+)\s*=/g)) {
    if (isDangerousVariable(match[1]!)) return `setting ${match[1]} is not allowed`;
  }
  return null;
}
