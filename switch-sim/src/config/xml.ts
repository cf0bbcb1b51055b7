// A small XML reader in the spirit of FreeSWITCH's switch_xml (ezxml): elements, attributes,
// text, comments, CDATA, processing instructions and DOCTYPE are understood; errors are reported
// with switch_xml_err's wording, "[error near line N]: <message>" (src/switch_xml.c).
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export class XmlError extends Error {}

// switch_xml_new's entity table; each expands to a character reference, decoded in the same pass.
const ENTITIES: ReadonlyArray<readonly [string, string]> = [
  ['lt;', '<'],
  ['gt;', '>'],
  ['quot;', '"'],
  ['apos;', "'"],
  ['amp;', '&'],
];
const C_SPACE = /[ \t\n\v\f\r]/;

/** C's strtoul from `at` (the caller has checked that a hex digit is there): value and end. */
function strtoul(source: string, at: number, base: 10 | 16): { value: number; end: number } {
  let start = at;
  if (base === 16 && source[at] === '0' && /^[xX][0-9a-fA-F]/.test(source.slice(at + 1, at + 3))) start = at + 2;
  const digits = (base === 16 ? /^[0-9a-fA-F]*/ : /^[0-9]*/).exec(source.slice(start))![0];
  if (digits === '') return { value: 0, end: at };
  return { value: parseInt(digits, base), end: start + digits.length };
}

/** The characters switch_xml writes for a code point; bytes that are not UTF-8 become U+FFFD. */
function character(code: number): string {
  if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/**
 * switch_xml_decode (src/switch_xml.c), for attribute values (`t = ' '`) and character content
 * (`t = '&'`): line endings become \n; `&#N;` and `&#xH;` (lower-case x only; zero, unterminated
 * or above 0x7FFFFFFF left as written) and the five predefined entities are decoded; unknown
 * entities are left as written; in attributes every C whitespace becomes a space. What one
 * reference produces is never decoded again: `&amp;#36;` reads `&#36;`.
 */
export function decodeXml(raw: string, mode: 'attribute' | 'text'): string {
  const source = raw.replace(/\r\n?/g, '\n');
  let out = '';
  let i = 0;
  while (i < source.length) {
    const here = source[i]!;
    if (source.startsWith('&#', i)) {
      let code = i + 2;
      let base: 10 | 16 = 10;
      if (source[code] === 'x') {
        code += 1;
        base = 16;
      }
      if (/[0-9a-fA-F]/.test(source[code] ?? '')) {
        const { value, end } = strtoul(source, code, base);
        if (value !== 0 && source[end] === ';' && value <= 0x7fffffff) {
          out += character(value);
          i = end + 1;
          continue;
        }
      }
    } else if (here === '&') {
      const entity = ENTITIES.find(([name]) => source.startsWith(name, i + 1));
      if (entity) {
        out += entity[1];
        i += entity[0].length + 1;
        continue;
      }
    }
    out += mode === 'attribute' && C_SPACE.test(here) ? ' ' : here;
    i += 1;
  }
  return out;
}

export function parseXml(source: string): XmlNode {
  const fail = (at: number, message: string): never => {
    const line = source.slice(0, at).split('\n').length;
    throw new XmlError(`[error near line ${line}]: ${message}`);
  };
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  let i = 0;
  const text = (chunk: string): void => {
    const top = stack[stack.length - 1];
    if (top) top.text += decodeXml(chunk, 'text');
  };
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      text(source.slice(i));
      break;
    }
    text(source.slice(i, lt));
    const rest = source.slice(lt);
    if (rest.startsWith('<!--')) {
      const end = source.indexOf('-->', lt + 4);
      if (end < 0) fail(lt, 'unclosed <!--');
      i = end + 3;
    } else if (rest.startsWith('<![CDATA[')) {
      const end = source.indexOf(']]>', lt + 9);
      if (end < 0) fail(lt, 'unclosed <![CDATA[');
      const top = stack[stack.length - 1];
      if (top) top.text += source.slice(lt + 9, end).replace(/\r\n?/g, '\n');
      i = end + 3;
    } else if (rest.startsWith('<!DOCTYPE')) {
      const end = source.indexOf('>', lt);
      if (end < 0) fail(lt, 'unclosed <!DOCTYPE');
      i = end + 1;
    } else if (rest.startsWith('<?')) {
      const end = source.indexOf('?>', lt + 2);
      if (end < 0) fail(lt, 'unclosed <?');
      i = end + 2;
    } else if (rest.startsWith('</')) {
      const end = source.indexOf('>', lt);
      if (end < 0) fail(lt, 'missing >');
      const name = source.slice(lt + 2, end).trim();
      const top = stack.pop();
      if (!top || top.name !== name) fail(lt, `unexpected closing tag </${name}>`);
      i = end + 1;
    } else {
      const match = /^<([A-Za-z_:][-A-Za-z0-9_:.]*)/.exec(rest);
      if (!match) fail(lt, 'unexpected <');
      const name = match![1]!;
      let j = lt + match![0].length;
      const attrs: Record<string, string> = {};
      for (;;) {
        while (j < source.length && /\s/.test(source[j]!)) j++;
        if (j >= source.length) fail(j, 'missing >');
        if (source[j] === '>' || source.startsWith('/>', j)) break;
        const attr = /^([^\s=/>]+)\s*=\s*/.exec(source.slice(j));
        if (!attr) fail(j, 'missing >');
        j += attr![0].length;
        const quote = source[j];
        if (quote !== '"' && quote !== "'") fail(j, `missing ${quote === undefined ? '"' : quote}`);
        const close = source.indexOf(quote!, j + 1);
        if (close < 0) fail(j, `missing ${quote}`);
        attrs[attr![1]!] = decodeXml(source.slice(j + 1, close), 'attribute');
        j = close + 1;
      }
      const node: XmlNode = { name, attrs, children: [], text: '' };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(node);
      else if (root) fail(lt, 'markup outside of root element');
      else root = node;
      if (source.startsWith('/>', j)) {
        i = j + 2;
      } else {
        stack.push(node);
        i = j + 1;
      }
    }
  }
  if (!root) return fail(source.length, 'root tag missing');
  if (stack.length > 0) fail(source.length, `unclosed tag <${stack[stack.length - 1]!.name}>`);
  return root;
}

/** Depth-first search for every element with one of the given names. */
export function findAll(node: XmlNode, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: XmlNode): void => {
    for (const child of n.children) {
      if (child.name === name) out.push(child);
      walk(child);
    }
  };
  walk(node);
  return out;
}

/** <param name="x" value="y"/> (and <variable .../>) children of `node` as a record. */
export function params(node: XmlNode | undefined, tag = 'param'): Record<string, string> {
  const out: Record<string, string> = {};
  if (!node) return out;
  for (const p of findAll(node, tag)) {
    const key = p.attrs.name;
    if (key !== undefined) out[key] = p.attrs.value ?? '';
  }
  return out;
}
