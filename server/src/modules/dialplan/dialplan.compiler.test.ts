import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../../../../switch-sim/src/config/xml.ts';
import { ENCODING_TRICKS } from '../../platform/switch/encoding-tricks.test-support.ts';
import { switchContextName } from '../../platform/switch/naming.ts';
import { assertWellFormed } from '../../platform/switch/switch-xml-writer.ts';
import { compileContext, defaultDialplanRules, switchExtensionName } from './dialplan.compiler.ts';

describe('dialplan compiler', () => {
  it('compiles the default rules into a well-formed context namespaced by tenant', () => {
    const xml = compileContext(switchContextName('acme', 'default'), defaultDialplanRules());
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const context = parsed.include.context;
    expect(context['@_name']).toBe('acme_default');
    const names = context.extension.map((extension: Record<string, string>) => extension['@_name']);
    expect(names).toEqual(['internal-extensions', 'group-pickup']);
    expect(context.extension[1].condition['@_expression']).toBe('^\\*8$');
  });

  it('escapes data that would otherwise break out of the XML', () => {
    const xml = compileContext('t_default', [
      {
        name: 'quote"<test>',
        conditionField: 'destination_number',
        conditionExpression: '^1$',
        actions: [{ application: 'playback', data: 'a"/><action application="system" data="rm' }],
        antiActions: [],
        continue: false,
        sortOrder: 1,
        enabled: true,
      },
    ]);
    expect(() => assertWellFormed(xml)).not.toThrow();
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(parsed.include.context.extension.condition.action['@_application']).toBe('playback');
  });

  it.each(ENCODING_TRICKS)('writes %j in every field so that the switch reads exactly it', (value) => {
    const xml = compileContext(value, [
      {
        name: value,
        conditionField: value,
        conditionExpression: value,
        actions: [{ application: 'log', data: value }],
        antiActions: [{ application: 'log', data: value }],
        continue: false,
        sortOrder: 1,
        enabled: true,
      },
    ]);
    const root = parseXml(xml);
    expect(findAll(root, 'context')[0]!.attrs.name).toBe(value);
    expect(findAll(root, 'extension')[0]!.attrs.name).toBe(switchExtensionName(value));
    expect(findAll(root, 'extension')[0]!.attrs.name).toMatch(/^[\p{L}\p{N}_.\-*#+]+$/u);
    expect(findAll(root, 'condition')[0]!.attrs).toEqual({ field: value, expression: value });
    expect(findAll(root, 'action')[0]!.attrs.data).toBe(value);
    expect(findAll(root, 'anti-action')[0]!.attrs.data).toBe(value);
  });

  it('leaves disabled rules out and orders by sort order', () => {
    const [first, second] = defaultDialplanRules();
    const xml = compileContext('t_default', [{ ...second!, sortOrder: 1 }, { ...first!, enabled: false }]);
    expect(xml).toContain('group-pickup');
    expect(xml).not.toContain('internal-extensions');
  });

  it('rejects XML that is not well-formed', () => {
    expect(() => assertWellFormed('<include><context></include>')).toThrow(/not well-formed/);
  });
});
