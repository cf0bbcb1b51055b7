// The simulator reads XML values as FreeSWITCH's switch_xml_decode does (src/switch_xml.c): the
// configuration the switch runs is what these decode to, so the platform's safety checks are
// tested against it.
import { describe, expect, it } from 'vitest';
import { decodeXml, parseXml } from '../src/config/xml.ts';

describe('switch_xml_decode', () => {
  it.each([
    ['&#36;{system(id)}', '${system(id)}'],
    ['&#x24;{x}', '${x}'],
    ['&#x0x24;', '$'], // strtoul(…, 16) accepts a 0x prefix
    ['&#036;', '$'],
    ['&#X24;', '&#X24;'], // only a lower-case x is hexadecimal
    ['&#x;', '&#x;'],
    ['&#0;', '&#0;'],
    ['&#-1;', '&#-1;'],
    ['&# 36;', '&# 36;'],
    ['&#36', '&#36'],
    ['&#a;', '&#a;'], // a hex digit, but not a decimal number
    ['&#4294967296;', '&#4294967296;'],
    ['&#2147483648;', '&#2147483648;'], // above 0x7FFFFFFF
    ['&#233;&#x1F600;', 'é😀'],
    ['&lt;&gt;&amp;&apos;&quot;', `<>&'"`],
    ['&LT;&nbsp;&foo;', '&LT;&nbsp;&foo;'], // unknown (or differently cased) entities stay
    ['&amp;#36;{x}', '&#36;{x}'], // what a reference produced is not decoded again
    ['&#38;#36;', '&#36;'],
    ['&amp;amp;', '&amp;'],
    ['&', '&'],
    ['a&b', 'a&b'],
  ])('%j reads %j', (raw, decoded) => {
    const root = parseXml(`<r a="${raw}">${raw}</r>`);
    expect(root.attrs.a).toBe(decoded);
    expect(root.text).toBe(decoded);
  });

  it('turns whitespace in attributes into spaces but keeps what references produce', () => {
    expect(parseXml('<r a="a\tb\nc\r\nd\re\vf"/>').attrs.a).toBe('a b c d e f');
    expect(decodeXml('a&#9;b&#10;c&#13;d', 'attribute')).toBe('a\tb\nc\rd');
    expect(decodeXml('a\tb\r\nc', 'text')).toBe('a\tb\nc');
  });

  it('decodes attributes and text in a parsed document, never CDATA', () => {
    const root = parseXml('<r a="&#36;{x} &quot;q&quot;" b=\'&#x3c;\'>&#36;&lt;<![CDATA[&#36;&lt;]]></r>');
    expect(root.attrs).toEqual({ a: '${x} "q"', b: '<' });
    expect(root.text).toBe('$<&#36;&lt;');
  });
});
