import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../../switch-sim/src/config/xml.ts';
import { ENCODING_TRICKS } from './encoding-tricks.test-support.ts';
import { escapeSwitchXml, SwitchXmlElement } from './switch-xml-writer.ts';

/** The value of attribute `name` of the first element, as the switch (simulator) decodes it. */
const readBack = (xml: string) => parseXml(xml).children[0]!.attrs;

describe('switch XML writer', () => {
  it.each(ENCODING_TRICKS)('writes %j so that the switch reads exactly it back', (value) => {
    const root = new SwitchXmlElement('include');
    root.ele('action', { application: 'log', data: value });
    const xml = root.end();
    expect(readBack(xml).data).toBe(value);
  });

  it('escapes every & (no entity survives as written) and breaks what the preprocessor acts on', () => {
    const escaped = escapeSwitchXml('&#36; &quot; $${x} X-Pre-Process');
    expect(escaped).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#9;|#10;|#13;|#36;|#88;)/);
    expect(escaped).toBe('&amp;#36; &amp;quot; $&#36;{x} &#88;-Pre-Process');
    expect(escaped).not.toContain('$$');
    expect(escaped.toLowerCase()).not.toContain('x-pre-process');
  });

  it('writes one element per line, nested and self-closing', () => {
    const root = new SwitchXmlElement('include');
    root.ele('context', { name: 'acme_default' }).ele('extension', { name: 'a' });
    expect(root.end()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<include>\n  <context name="acme_default">\n    <extension name="a"/>\n  </context>\n</include>\n',
    );
  });

  it('refuses element and attribute names that are not XML names', () => {
    expect(() => new SwitchXmlElement('include').ele('a b')).toThrow(/Not an XML name/);
    expect(() => new SwitchXmlElement('include', { 'x="1"': 'y' })).toThrow(/Not an XML name/);
  });
});
