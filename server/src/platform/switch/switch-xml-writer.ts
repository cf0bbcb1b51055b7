// The one writer of the XML files the switch reads (dialplan and IVR contexts, public routes,
// directory, gateways, queues). Every attribute value goes through escapeSwitchXml, always: the
// switch must decode exactly the value we validated (decision 0014). Not xmlbuilder2: it leaves
// entity-looking text such as `&#36;` or `&quot;` unescaped, and the switch would decode it.
import { XMLValidator } from 'fast-xml-parser';

export type XmlAttributes = Record<string, string>;

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // switch_xml turns literal whitespace in attributes into spaces; a reference keeps it.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * An attribute value written so that FreeSWITCH reads back exactly `value`: the five markup
 * characters and line breaks are always escaped, and two patterns its preprocessor acts on in the
 * raw file, before any XML decoding, are broken with a character reference: `$${name}` (expanded
 * to a global variable, so the second `$` of `$$` is written `&#36;`) and `X-PRE-PROCESS` (a line
 * containing it is dropped, so its `X` is written as a reference).
 */
export function escapeSwitchXml(value: string): string {
  return value
    .replace(/[&<>"'\t\n\r]/g, (character) => ESCAPES[character]!)
    .replace(/(?<=\$)\$/g, '&#36;')
    .replace(/x(?=-pre-process)/gi, (x) => `&#${x.charCodeAt(0)};`);
}

/** One element: a name, its attributes and child elements (the switch's files carry no text). */
export class SwitchXmlElement {
  private readonly children: SwitchXmlElement[] = [];

  constructor(
    readonly name: string,
    private readonly attributes: XmlAttributes = {},
  ) {
    for (const key of [name, ...Object.keys(attributes)]) if (!NAME.test(key)) throw new Error(`Not an XML name: ${key}`);
  }

  /** Adds a child element and returns it. */
  ele(name: string, attributes: XmlAttributes = {}): SwitchXmlElement {
    const child = new SwitchXmlElement(name, attributes);
    this.children.push(child);
    return child;
  }

  /** The whole document, one element per line, checked for well-formedness. */
  end(): string {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${this.render('')}\n`;
    assertWellFormed(xml);
    return xml;
  }

  private render(indent: string): string {
    const attributes = Object.entries(this.attributes)
      .map(([key, value]) => ` ${key}="${escapeSwitchXml(value)}"`)
      .join('');
    if (this.children.length === 0) return `${indent}<${this.name}${attributes}/>`;
    const inner = this.children.map((child) => child.render(`${indent}  `)).join('\n');
    return `${indent}<${this.name}${attributes}>\n${inner}\n${indent}</${this.name}>`;
  }
}

export function assertWellFormed(xml: string): void {
  const result = XMLValidator.validate(xml);
  if (result !== true) throw new Error(`Generated switch XML is not well-formed: ${result.err.msg}`);
}
