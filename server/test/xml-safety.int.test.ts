// Issue 7, item 1: whatever a tenant types, the switch decodes from the written files either
// nothing (the API refused it) or exactly the harmless literal that was typed. Through the API
// (create → generate → activate), the config sync's files, and the simulator's reader, which
// decodes as FreeSWITCH's switch_xml does.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAll, parseXml, type XmlNode } from '../../switch-sim/src/config/xml.ts';
import { switchExtensionName } from '../src/modules/dialplan/dialplan.compiler.ts';
import { ENCODING_TRICKS } from '../src/platform/switch/encoding-tricks.test-support.ts';
import { createPlatformAdmin, createTenant, login, type TenantFixture } from './harness.ts';
import { readFileSafe, startSwitchedApp, until, type SwitchedApp } from './switch.ts';

let t: SwitchedApp;
let tenant: TenantFixture;

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  tenant = await createTenant(t.app, await login(t.app, admin.email, admin.password));
  expect((await send('POST', '/extensions', { number: '101' })).statusCode).toBe(201);
}, 60_000);
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: tenant.admin.session.auth, payload });

/** Every attribute value of a written file, as the switch decodes it. */
function decodedValues(file: string): string[] {
  const values: string[] = [];
  const walk = (node: XmlNode) => {
    values.push(...Object.values(node.attrs));
    node.children.forEach(walk);
  };
  const text = readFileSafe(path.join(t.confDir, file));
  if (text !== '') walk(parseXml(text));
  return values;
}

/** What a value would become if anything decoded it once more: the smuggled text to look for. */
const smuggled = (value: string) =>
  value
    .replaceAll(/&#x0x24;|&#x24;|&#X24;|&#36;/g, '$')
    .replaceAll('&#61;', '=')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');

// A literal that passes the rules and must reach the switch as typed.
const HARMLESS = ['Tom & Jerry', 'a&b c', 'costs $5'];

describe('XML encoding tricks through the API', () => {
  it('dialplan rules: each field refuses the trick (400) or the switch reads exactly the literal', async () => {
    const expected: string[] = [];
    // Each field a rule writes into the context file, and the attribute value the switch must read.
    const fields = (value: string): [object, string][] => [
      [{ actions: [{ application: 'log', data: `INFO ${value}` }] }, `INFO ${value}`],
      [{ actions: [{ application: 'set', data: `x=${value}` }] }, `x=${value}`],
      [{ antiActions: [{ application: 'log', data: `WARNING ${value}` }] }, `WARNING ${value}`],
      [{ conditionExpression: `^${value}$` }, `^${value}$`],
      [{ conditionField: `\${${value}}` }, `\${${value}}`],
      // A name is a label: the switch reads only its plain characters (switchExtensionName).
      [{ name: value }, switchExtensionName(value)],
    ];
    let n = 0;
    for (const value of [...ENCODING_TRICKS, ...HARMLESS]) {
      for (const [field, attribute] of fields(value)) {
        n += 1;
        const response = await send('POST', '/dialplan/rules', {
          name: `trick-${n}`,
          conditionField: 'destination_number',
          conditionExpression: `^${n}$`,
          actions: [{ application: 'log', data: 'INFO ok' }],
          ...field,
        });
        if (response.statusCode === 201) expected.push(attribute);
        else expect(response.statusCode, `${JSON.stringify(field)}: ${response.body}`).toBe(400);
      }
    }
    // The two payloads of the report, and a context name, are refused outright.
    for (const data of ['x=&#36;{system(id)}', '{api_on_answer&#61;system id}user/1001@${domain_name}']) {
      const response = await send('POST', '/dialplan/rules', {
        name: 'bad',
        conditionField: 'destination_number',
        conditionExpression: '^1$',
        actions: [{ application: 'bridge', data }],
      });
      expect(response.statusCode, data).toBe(400);
    }
    for (const context of ENCODING_TRICKS) {
      const response = await send('POST', '/dialplan/rules', {
        name: 'bad',
        context,
        conditionField: 'destination_number',
        conditionExpression: '^1$',
        actions: [],
      });
      expect(response.statusCode, context).toBe(400);
    }

    const version = await send('POST', '/dialplan/versions', { context: 'default' });
    expect(version.statusCode, version.body).toBe(201);
    expect(
      (await send('POST', `/dialplan/versions/${version.json<{ id: string }>().id}/activate`, {})).statusCode,
    ).toBe(200);
    const file = `dialplan/${tenant.tenant.code}_default.xml`;
    const values = await until(
      () => decodedValues(file),
      (decoded) => decoded.includes('INFO Tom & Jerry'),
    );
    for (const literal of HARMLESS) expect(expected).toContain(`x=${literal}`);
    for (const attribute of expected) expect(values).toContain(attribute);
    const all = values.join('\n');
    for (const value of ENCODING_TRICKS)
      if (smuggled(value) !== value) expect(all).not.toContain(smuggled(value));
    // The payloads as the switch would run them (a label keeps their words, never their syntax).
    expect(all).not.toMatch(/\{system|api_on_answer=/);
  });

  it('IVR greetings: each trick is refused (400) or reaches the switch exactly as typed', async () => {
    const expected: string[] = [];
    for (const [index, greeting] of [...ENCODING_TRICKS, ...HARMLESS].entries()) {
      const response = await send('POST', '/ivr-menus', {
        name: `menu ${index}`,
        greeting,
        options: [{ digit: '1', targetExtension: '101' }],
      });
      if (response.statusCode === 201)
        expected.push(`${response.json<{ context: string }>().context}\u0000ivr_greeting=${greeting}`);
      else expect(response.statusCode, `${greeting}: ${response.body}`).toBe(400);
      if (greeting.includes('&#')) expect(response.statusCode, greeting).toBe(400);
    }
    expect(expected.length).toBeGreaterThan(0);
    for (const entry of expected) {
      const [context, attribute] = entry.split('\u0000') as [string, string];
      const values = await until(
        () => decodedValues(`dialplan/${tenant.tenant.code}_${context}.xml`),
        (decoded) => decoded.length > 0,
      );
      expect(values).toContain(attribute);
    }
  });

  it('IVR targets and settings (issue 8): every trick is refused; the written menu reads exactly its targets', async () => {
    const queue = await send('POST', '/queues', { name: 'alvo' });
    expect(queue.statusCode, queue.body).toBe(201);
    const queueId = queue.json<{ id: string }>().id;
    for (const value of ENCODING_TRICKS) {
      const target = (field: string) => ({ targetType: { targetExtension: 'EXTENSION', targetQueueId: 'QUEUE', targetMenuId: 'IVR' }[field], [field]: value });
      const bodies: object[] = [
        ...['targetExtension', 'targetQueueId', 'targetMenuId'].flatMap((field) => [
          { options: [{ digit: '1', ...target(field) }] },
          { failureTarget: target(field) },
        ]),
        { options: [{ digit: '1', targetType: value }] },
        { failureTarget: { targetType: value } },
        { options: [{ digit: value, targetExtension: '101' }] },
        { timeoutSeconds: value },
        { maxFailures: value },
      ];
      for (const body of bodies) {
        const response = await send('POST', '/ivr-menus', { name: 'trick', ...body });
        expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ statusCode: 400, details: expect.any(Array) });
      }
    }
    const other = await send('POST', '/ivr-menus', { name: 'outro', context: 'outro' });
    const menu = await send('POST', '/ivr-menus', {
      name: 'alvos',
      context: 'alvos',
      timeoutSeconds: 9,
      maxFailures: 4,
      failureTarget: { targetType: 'QUEUE', targetQueueId: queueId },
      options: [
        { digit: '1', targetExtension: '101' },
        { digit: '2', targetType: 'QUEUE', targetQueueId: queueId },
        { digit: '3', targetType: 'IVR', targetMenuId: other.json<{ id: string }>().id },
        { digit: '#', targetType: 'HANGUP' },
      ],
    });
    expect(menu.statusCode, menu.body).toBe(201);
    const code = tenant.tenant.code;
    const values = await until(
      () => decodedValues(`dialplan/${code}_alvos.xml`),
      (decoded) => decoded.length > 0,
    );
    for (const expected of [`101 XML ${code}_default`, `q-${queueId}`, `ivr_entry XML ${code}_outro`, 'NORMAL_CLEARING', `ivr_failure XML ${code}_alvos`]) {
      expect(values.some((value) => value.endsWith(expected)), expected).toBe(true);
    }
    expect(values.find((value) => value.startsWith('1 1 4 9000 none '))).toBeDefined();
  });

  it('trunks: a password with every trick reaches the gateway file exactly as stored', async () => {
    const password = 'p&#36;{system(id)}&quot;$${hostname}&amp;#36;<x>"';
    const response = await send('POST', '/trunks', {
      name: 'carrier',
      host: 'sip.example.com',
      username: 'u',
      password,
    });
    expect(response.statusCode, response.body).toBe(201);
    const gateway = () => readdirSync(path.join(t.confDir, 'gateways')).find((name) => name.endsWith('.xml'));
    const file = await until(
      () => {
        try {
          return gateway();
        } catch {
          return undefined;
        }
      },
      (name) => name !== undefined,
    );
    const params = Object.fromEntries(
      findAll(parseXml(readFileSafe(path.join(t.confDir, 'gateways', file!))), 'param').map((param) => [
        param.attrs.name,
        param.attrs.value,
      ]),
    );
    expect(params.password).toBe(password);
    expect(params.username).toBe('u');
  });

  it('queue sounds, caller ids and trunk addresses refuse every trick (their patterns leave no & or $)', async () => {
    for (const value of ENCODING_TRICKS) {
      const refused: [string, string, object][] = [
        ['POST', '/queues', { name: 'q', musicOnHold: value }],
        ['POST', '/queues', { name: 'q', announceSound: value }],
        ['POST', '/extensions', { number: '150', callerId: value }],
        ['POST', '/trunks', { name: 'other', host: value }],
        ['POST', '/trunks', { name: 'other', host: 'sip.example.com', realm: value }],
        ['POST', '/trunks', { name: 'other', host: 'sip.example.com', username: value }],
      ];
      for (const [method, url, payload] of refused) {
        const response = await send(method as 'POST', url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ statusCode: 400, details: expect.any(Array) });
      }
    }
  });
});
