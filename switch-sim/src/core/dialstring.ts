// Dial strings: "{global=vars}[leg=vars]endpoint,[leg]endpoint|failover" and the originate
// argument list (switch_separate_string keeps quoted and braced parts together).
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

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith("'") && v.endsWith("'")) || (v.startsWith('"') && v.endsWith('"')))) return v.slice(1, -1);
  return v.replace(/\\(.)/g, '$1');
}

/** "a=1,b='x,y'" → [['a','1'],['b','x,y']] (FreeSWITCH also accepts ^^: separators, not needed here). */
export function parseVarList(body: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const part of splitTop(body, ',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    out.push([part.slice(0, eq).trim(), unquote(part.slice(eq + 1))]);
  }
  return out;
}

function takeBlock(text: string, open: string, close: string): [Array<[string, string]>, string] {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith(open)) return [[], trimmed];
  const end = splitTop(trimmed.slice(1), close)[0]!;
  return [parseVarList(end), trimmed.slice(end.length + 2).trimStart()];
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

/** switch_separate_string on ' ' that keeps '...' and {...} together (originate arguments). */
export function separateArgs(text: string): string[] {
  return splitTop(text.trim(), ' ')
    .map((arg) => arg.trim())
    .filter((arg) => arg.length > 0)
    .map((arg) => (arg.length >= 2 && arg.startsWith("'") && arg.endsWith("'") ? arg.slice(1, -1) : arg));
}
