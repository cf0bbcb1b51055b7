import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { EXTENSION_DIAL_EXPRESSION } from '@callcenter/rules/extension-number';
import { findAll, parseXml } from '../../../../switch-sim/src/config/xml.ts';
import { ENCODING_TRICKS } from '../../platform/switch/encoding-tricks.test-support.ts';
import { switchContextName } from '../../platform/switch/naming.ts';
import { assertWellFormed } from '../../platform/switch/switch-xml-writer.ts';
import { queueEntryActions } from '../../platform/switch/queue-entry.ts';
import { SwitchXmlElement } from '../../platform/switch/switch-xml-writer.ts';
import {
  compileContext,
  defaultDialplanRules,
  recompileContextXml,
  switchActions,
  switchExtensionName,
  type CompilableRule,
} from './dialplan.compiler.ts';

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

  it('writes a callcenter action (and anti-action) as the platform queue entry, keeping what follows', () => {
    const queueId = '7b0c1c52-5a4b-4c55-9a55-0f5b7f4f8f10';
    const xml = compileContext('acme_default', [
      {
        name: 'support',
        conditionField: 'destination_number',
        conditionExpression: '^7000$',
        actions: [
          { application: 'answer', data: '' },
          { application: 'callcenter', data: `q-${queueId}` },
          { application: 'transfer', data: '1000 XML acme_default' },
        ],
        antiActions: [{ application: 'callcenter', data: `q-${queueId}` }],
        continue: false,
        sortOrder: 1,
        enabled: true,
      },
    ]);
    const root = parseXml(xml);
    const entry = queueEntryActions(queueId).map((action) => `${action.application} ${action.data}`);
    const line = (action: { attrs: Record<string, string> }) =>
      `${action.attrs.application} ${action.attrs.data ?? ''}`;
    expect(findAll(root, 'action').map(line)).toEqual([
      'answer ',
      ...entry,
      'transfer 1000 XML acme_default',
    ]);
    expect(findAll(root, 'anti-action').map(line)).toEqual(entry);
    expect(entry).toContain(`set svc_queue_id=${queueId}`);
    expect(entry).toContain('set RECORD_STEREO=true');
    expect(entry.at(-1)).toBe(`callcenter q-${queueId}`);
    // anything that is not one of our queues stays as written
    expect(switchActions([{ application: 'callcenter', data: 'sales@other' }])).toEqual([
      { application: 'callcenter', data: 'sales@other' },
    ]);
  });

  it('leaves disabled rules out and orders by sort order', () => {
    const [first, second] = defaultDialplanRules();
    const xml = compileContext('t_default', [
      { ...second!, sortOrder: 1 },
      { ...first!, enabled: false },
    ]);
    expect(xml).toContain('group-pickup');
    expect(xml).not.toContain('internal-extensions');
  });

  it('rejects XML that is not well-formed', () => {
    expect(() => assertWellFormed('<include><context></include>')).toThrow(/not well-formed/);
  });
});

describe('recompileContextXml (a stored version as the current compiler writes it)', () => {
  const queueId = '7b0c1c52-5a4b-4c55-9a55-0f5b7f4f8f10';
  const rule = (overrides: Partial<CompilableRule> = {}): CompilableRule => ({
    name: 'support',
    conditionField: 'destination_number',
    conditionExpression: '^7000$',
    actions: [
      { application: 'set', data: 'RECORD_STEREO=true' },
      { application: 'answer', data: '' },
      { application: 'callcenter', data: `q-${queueId}` },
      { application: 'transfer', data: '1000 XML acme_default' },
    ],
    antiActions: [{ application: 'callcenter', data: `q-${queueId}` }],
    continue: true,
    sortOrder: 1,
    enabled: true,
    ...overrides,
  });

  /** What the compiler wrote before the queue entry existed: the actions as the tenant saved them. */
  const beforeQueueEntry = (context: string, rules: CompilableRule[]) => {
    const root = new SwitchXmlElement('include');
    const element = root.ele('context', { name: context });
    for (const item of rules) {
      const extension = element.ele('extension', {
        name: switchExtensionName(item.name),
        continue: String(item.continue),
      });
      const condition = extension.ele('condition', {
        field: item.conditionField,
        expression: item.conditionExpression,
      });
      for (const action of item.actions)
        condition.ele('action', { application: action.application, data: action.data });
      for (const action of item.antiActions)
        condition.ele('anti-action', { application: action.application, data: action.data });
    }
    return root.end();
  };

  it('turns an old version’s bare callcenter into today’s queue entry: exactly what compiling its rules now gives', () => {
    const rules = [rule(), ...defaultDialplanRules().map((item, i) => ({ ...item, sortOrder: 2 + i }))];
    const old = beforeQueueEntry('acme_default', rules);
    expect(old).not.toContain('svc_call_id');
    expect(recompileContextXml(old)).toBe(compileContext('acme_default', rules));
  });

  it('gives the current compiler’s output back unchanged, whatever the values (idempotent)', () => {
    const current = compileContext('acme_default', [rule(), ...defaultDialplanRules()]);
    expect(recompileContextXml(current)).toBe(current);
    expect(recompileContextXml(recompileContextXml(current))).toBe(current);
    for (const value of ENCODING_TRICKS) {
      const hostile = compileContext(value, [
        rule({
          name: value,
          conditionField: value,
          conditionExpression: value,
          actions: [
            { application: 'log', data: value },
            { application: 'callcenter', data: `q-${queueId}` },
          ],
          antiActions: [{ application: 'log', data: value }],
        }),
      ]);
      expect(recompileContextXml(hostile), value).toBe(hostile);
    }
  });

  it('dials every extension number the API accepts, in new versions and in versions stored before', () => {
    const current = compileContext('acme_default', defaultDialplanRules());
    const expression = (xml: string) => new RegExp(/expression="([^"]*)"/.exec(xml)![1]!);
    for (const number of ['10', '123456', '1234567', '12345678'])
      expect(expression(current).test(number), number).toBe(true);
    expect(expression(current).test('123456789')).toBe(false);
    // A version generated with the old 2-to-6 pattern reaches the switch with today's.
    const old = current.replace(EXTENSION_DIAL_EXPRESSION, '^(\\d{2,6})$');
    expect(old).not.toBe(current);
    expect(recompileContextXml(old)).toBe(current);
  });
  it('refuses a file with text where the switch reads none', () => {
    expect(() => recompileContextXml('<include><context name="x">text</context></include>')).toThrow(/text/);
  });
});
