import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStorage } from '../../platform/storage/storage.ts';
import { promptSoundPath } from '../../platform/switch/naming.ts';
import { assignNumbers, createMember, createPlatformAdmin, createTenant, expectError, login, filesIn, multipartFile, startTestApp, tenantObjectsFolder, testConfig, type Session, type TenantFixture, type TestApp, uniqueDid } from '../../../test/harness.ts';
import { tinyWav } from './wav.test-support.ts';

let t: TestApp;
let platform: Session;
let storage: LocalObjectStorage;

beforeAll(async () => {
  t = await startTestApp();
  storage = new LocalObjectStorage(path.join(testConfig().dataDir, 'objects'));
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url, headers: session.auth, ...(payload ? { payload } : {}) });

function upload(url: string, session: Session, content: Buffer, { field = 'file', filename = 'prompt.wav', type = 'audio/wav' } = {}) {
  const { payload, contentType } = multipartFile(content, { field, filename, type });
  return t.app.inject({ method: 'POST', url, payload, headers: { ...session.auth, 'content-type': contentType } });
}

async function stored(key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const folderOf = (tenantId: string) => tenantObjectsFolder(tenantId, 'prompts');

const rowOf = (tenantId: string, menuId: string) =>
  t.db.withTenant(tenantId, (tx) =>
    tx.selectFrom('ivrMenus').select(['promptObjectKey as key', 'promptSizeBytes as size']).where('id', '=', menuId).executeTakeFirstOrThrow(),
  );
const keyOf = async (tenantId: string, menuId: string) => (await rowOf(tenantId, menuId)).key!;

async function tenantWithExtensions(): Promise<TenantFixture> {
  const fixture = await createTenant(t.app, platform);
  for (const number of ['101', '102']) expect((await call('POST', '/extensions', fixture.admin.session, { number })).statusCode).toBe(201);
  return fixture;
}

const versionsOf = async (session: Session, context: string) =>
  (await call('GET', `/dialplan/versions?context=${context}`, session)).json<{ id: string; number: number; status: string }[]>();

const menu = (extra: object = {}) => ({
  name: 'Atendimento Geral',
  greeting: 'Bem-vindo! Tecle 1 para vendas, 2 para suporte.',
  entryPositionX: 10,
  entryPositionY: null,
  options: [
    { digit: '1', targetExtension: '101', label: 'Vendas', positionX: 100, positionY: 40 },
    { digit: '2', targetExtension: '102' },
  ],
  ...extra,
});

describe('/ivr-menus', () => {
  it('creates a menu and activates its compiled context in the same change', async () => {
    const fixture = await tenantWithExtensions();
    const session = fixture.admin.session;
    // The tenant's creation marked its own configuration; only the menu's mark must remain.
    await t.db.withTenant(fixture.tenant.id, (tx) => tx.deleteFrom('switchConfigChanges').execute());
    const response = await call('POST', '/ivr-menus', session, menu());
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      context: 'atendimento-geral',
      hasPrompt: false,
      entryPositionX: 10,
      entryPositionY: null,
      options: [
        { digit: '1', targetExtension: '101', label: 'Vendas', positionX: 100, positionY: 40 },
        { digit: '2', targetExtension: '102', label: null, positionX: null, positionY: null },
      ],
    });
    const [version] = await versionsOf(session, 'atendimento-geral');
    expect(version).toMatchObject({ number: 1, status: 'ACTIVE' });
    const { xml } = (await call('GET', `/dialplan/versions/${version!.id}`, session)).json();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`<context name="${fixture.tenant.code}_atendimento-geral">`);
    expect(xml).toContain('name="ivr_entry"');
    expect(xml).toContain(`101 XML ${fixture.tenant.code}_default`);
    expect(xml).not.toMatch(/position/i);
    const marks = await t.db.withTenant(fixture.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute());
    expect(marks.map((mark) => mark.kind)).toContain('dialplan');
    expect((await call('GET', '/ivr-menus', session)).json()).toHaveLength(1);
    expect((await call('GET', `/ivr-menus/${created.id}`, session)).json().id).toBe(created.id);
  });

  it('recompiles on update: a new ACTIVE version, the previous SUPERSEDED; renaming the context retires the old one', async () => {
    const { admin } = await tenantWithExtensions();
    const created = (await call('POST', '/ivr-menus', admin.session, menu({ context: 'main' }))).json();
    const patched = await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { greeting: 'Novo texto', options: [{ digit: '9', targetExtension: '102' }] });
    expect(patched.json()).toMatchObject({ greeting: 'Novo texto', options: [{ digit: '9', targetExtension: '102' }] });
    expect((await versionsOf(admin.session, 'main')).map((v) => [v.number, v.status])).toEqual([[2, 'ACTIVE'], [1, 'SUPERSEDED']]);

    const renamed = await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { context: 'main-v2' });
    expect(renamed.json().context).toBe('main-v2');
    expect((await versionsOf(admin.session, 'main')).some((v) => v.status === 'ACTIVE')).toBe(false);
    expect((await versionsOf(admin.session, 'main-v2')).map((v) => v.status)).toEqual(['ACTIVE']);
  });

  it('validates: hostile greeting, duplicate digits, unknown targets, reserved and taken contexts', async () => {
    const one = await tenantWithExtensions();
    const two = await createTenant(t.app, platform);
    expect((await call('POST', '/extensions', two.admin.session, { number: '555' })).statusCode).toBe(201);
    const session = one.admin.session;
    for (const greeting of ['say "hi"', 'a <b> c', '${system(rm -rf /)}', '${bgsystem(curl x)}', 'api_hangup_hook=system id', 'line\nbreak']) {
      const response = await call('POST', '/ivr-menus', session, menu({ greeting }));
      expectError(response, 400, 'DIALPLAN_NOT_ALLOWED');
      expect(response.json().details[0].path).toBe('greeting');
    }
    expectError(await call('POST', '/ivr-menus', session, menu({ options: [{ digit: '1', targetExtension: '101' }, { digit: '1', targetExtension: '102' }] })), 400, 'DUPLICATE_DIGIT');
    const unknown = await call('POST', '/ivr-menus', session, menu({ options: [{ digit: '1', targetExtension: '101' }, { digit: '2', targetExtension: '555' }] }));
    expectError(unknown, 400, 'INVALID_TARGET_EXTENSION');
    expect(unknown.json().details).toEqual([{ path: 'options.1.targetExtension', message: expect.any(String) }]);
    for (const body of [menu({ options: [{ digit: 'A', targetExtension: '101' }] }), menu({ name: '' }), menu({ context: 'Bad Context' }), { greeting: 'x' }]) {
      expectError(await call('POST', '/ivr-menus', session, body), 400, 'VALIDATION_FAILED');
    }
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'default' })), 400, 'CONTEXT_RESERVED');
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'public' })), 400, 'CONTEXT_RESERVED');
    const created = (await call('POST', '/ivr-menus', session, menu({ context: 'taken' }))).json();
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'taken' })), 409, 'ALREADY_EXISTS');
    await call('DELETE', `/ivr-menus/${created.id}`, session);
    expectError(await call('POST', '/ivr-menus', session, menu({ context: 'taken' })), 409, 'ALREADY_EXISTS');
    // 400 before 404 on update.
    expectError(await call('PATCH', `/ivr-menus/${randomUUID()}`, session, { greeting: '${system(id)}' }), 400, 'DIALPLAN_NOT_ALLOWED');
  });

  it('deletes softly: 404 afterwards, its context no longer active; refused while an inbound route uses it', async () => {
    const { admin, tenant } = await tenantWithExtensions();
    const created = (await call('POST', '/ivr-menus', admin.session, menu({ context: 'front' }))).json();
    const did = uniqueDid();
    await assignNumbers(t.app, platform, tenant.id, did);
    const route = (await call('POST', '/inbound-routes', admin.session, { didNumber: did, destinationType: 'IVR', destinationNumber: 'front' })).json();
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, admin.session), 400, 'IVR_MENU_IN_USE');
    expectError(await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { context: 'elsewhere' }), 400, 'IVR_MENU_IN_USE');
    await call('DELETE', `/inbound-routes/${route.id}`, admin.session);
    expect((await call('DELETE', `/ivr-menus/${created.id}`, admin.session)).statusCode).toBe(204);
    expectError(await call('GET', `/ivr-menus/${created.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/ivr-menus/${created.id}`, admin.session, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, admin.session), 404, 'NOT_FOUND');
    expectError(await upload(`/ivr-menus/${created.id}/prompt`, admin.session, tinyWav()), 404, 'NOT_FOUND');
    expect((await call('GET', '/ivr-menus', admin.session)).json()).toEqual([]);
    expect((await versionsOf(admin.session, 'front')).some((v) => v.status === 'ACTIVE')).toBe(false);
    // The deleted menu's versions cannot be brought back.
    const [last] = await versionsOf(admin.session, 'front');
    expectError(await call('POST', `/dialplan/versions/${last!.id}/activate`, admin.session), 400, 'CONTEXT_RESERVED');
  });

  it('isolates tenants and needs freeswitch.view to read, ivr.manage to write', async () => {
    const one = await tenantWithExtensions();
    const two = await createTenant(t.app, platform);
    const created = (await call('POST', '/ivr-menus', one.admin.session, menu())).json();
    expect((await call('GET', '/ivr-menus', two.admin.session)).json()).toEqual([]);
    expectError(await call('GET', `/ivr-menus/${created.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `/ivr-menus/${created.id}`, two.admin.session, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await call('GET', `/ivr-menus/${created.id}/prompt`, two.admin.session), 404, 'NOT_FOUND');
    expectError(await upload(`/ivr-menus/${created.id}/prompt`, two.admin.session, tinyWav()), 404, 'NOT_FOUND');

    const supervisor = await createMember(t.app, one.admin.session, 'supervisor');
    const agent = await createMember(t.app, one.admin.session, 'agent');
    expectError(await t.app.inject({ method: 'GET', url: '/ivr-menus' }), 401, 'UNAUTHORIZED');
    expectError(await call('GET', '/ivr-menus', supervisor.session), 403, 'FORBIDDEN');
    expectError(await call('POST', '/ivr-menus', supervisor.session, menu()), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/ivr-menus/${created.id}`, agent.session), 403, 'FORBIDDEN');
    expectError(await upload(`/ivr-menus/${created.id}/prompt`, agent.session, tinyWav()), 403, 'FORBIDDEN');
    expectError(await call('GET', `/ivr-menus/${created.id}/prompt`, agent.session), 403, 'FORBIDDEN');
  });
});

describe('/ivr-menus/:id/prompt', () => {
  it('stores a real WAV, streams it, compiles its path, replaces it, and deletes it with the prompt', async () => {
    const fixture = await tenantWithExtensions();
    const session = fixture.admin.session;
    const created = (await call('POST', '/ivr-menus', session, menu({ context: 'voice' }))).json();
    const folder = folderOf(fixture.tenant.id);
    expectError(await call('GET', `/ivr-menus/${created.id}/prompt`, session), 404, 'NOT_FOUND');

    const first = tinyWav(80);
    const uploaded = await upload(`/ivr-menus/${created.id}/prompt`, session, first);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ hasPrompt: true, promptSizeBytes: first.length });
    const key = await keyOf(fixture.tenant.id, created.id);
    expect(key).toMatch(new RegExp(`^tenants/${fixture.tenant.id}/prompts/${created.id}-[0-9a-f-]{36}\\.wav$`));
    expect(await stored(key)).toEqual(first);
    const played = await call('GET', `/ivr-menus/${created.id}/prompt`, session);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.headers['x-content-type-options']).toBe('nosniff');
    expect(played.rawPayload).toEqual(first);
    const [active] = await versionsOf(session, 'voice');
    expect(active).toMatchObject({ number: 2, status: 'ACTIVE' });
    const { xml } = (await call('GET', `/dialplan/versions/${active!.id}`, session)).json();
    expect(xml).toContain(promptSoundPath(testConfig().freeswitch.confDir, fixture.tenant.code, created.id));

    const second = tinyWav(160);
    expect((await upload(`/ivr-menus/${created.id}/prompt`, session, second)).statusCode).toBe(200);
    // The replacement has a key of its own (the switch's copy keeps the menu's name); the file it replaced is gone.
    const secondKey = await keyOf(fixture.tenant.id, created.id);
    expect(secondKey).not.toBe(key);
    expect(await stored(secondKey)).toEqual(second);
    expect(filesIn(folder)).toEqual([path.basename(secondKey)]);

    expect((await call('DELETE', `/ivr-menus/${created.id}/prompt`, session)).statusCode).toBe(204);
    expect(filesIn(folder)).toEqual([]);
    expectError(await call('GET', `/ivr-menus/${created.id}/prompt`, session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/ivr-menus/${created.id}/prompt`, session), 404, 'NOT_FOUND');
    expect((await call('GET', `/ivr-menus/${created.id}`, session)).json().hasPrompt).toBe(false);

    // Deleting the menu deletes its audio too.
    await upload(`/ivr-menus/${created.id}/prompt`, session, first);
    expect(await stored(await keyOf(fixture.tenant.id, created.id))).not.toBeNull();
    expect((await call('DELETE', `/ivr-menus/${created.id}`, session)).statusCode).toBe(204);
    expect(filesIn(folder)).toEqual([]);
  });

  it('refuses files that are not WAV before storing anything', async () => {
    const fixture = await tenantWithExtensions();
    const session = fixture.admin.session;
    const created = (await call('POST', '/ivr-menus', session, menu({ context: 'fake' }))).json();
    const folder = folderOf(fixture.tenant.id);
    const mp3 = Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'), Buffer.alloc(200, 0xff)]);
    const hugeData = tinyWav(5);
    hugeData.writeUInt32LE(0xffffffff, 40); // a data chunk of 4 GB with 10 bytes present
    const hugeRiff = tinyWav(5);
    hugeRiff.writeUInt32LE(0xffffffff, 4);
    const html = Buffer.concat([tinyWav(0, { formatTag: 0x55, bitsPerSample: 0 }).subarray(0, 44), Buffer.from('<html><script>alert(1)</script></html>')]);
    html.writeUInt32LE(html.length - 8, 4);
    html.writeUInt32LE(html.length - 44, 40);
    const fakes = [
      mp3,
      Buffer.from('this is only text, named .wav, and long enough to look like a header'),
      hugeData,
      hugeRiff,
      html, // MP3 format tag 0x55 behind a RIFF header, HTML as its data
      tinyWav(5, { channels: 0 }),
      tinyWav(5, { sampleRate: 0 }),
    ];
    for (const fake of fakes) {
      const response = await upload(`/ivr-menus/${created.id}/prompt`, session, fake, { filename: 'prompt.wav' });
      expectError(response, 400, 'INVALID_WAV');
      expect(response.json().details).toEqual([{ path: 'file', message: expect.any(String) }]);
      expect(filesIn(folder)).toEqual([]);
    }
    expect((await call('GET', `/ivr-menus/${created.id}`, session)).json().hasPrompt).toBe(false);
    expect((await versionsOf(session, 'fake')).map((v) => v.number)).toEqual([1]);
    expectError(await upload(`/ivr-menus/${created.id}/prompt`, session, tinyWav(), { field: 'audio' }), 400, 'FILE_REQUIRED');
    expectError(await call('POST', `/ivr-menus/${created.id}/prompt`, session, { file: 'x' }), 400, 'FILE_REQUIRED');
    // 400 before 404: a fake file for an unknown menu is refused for the file.
    expectError(await upload(`/ivr-menus/${randomUUID()}/prompt`, session, mp3), 400, 'INVALID_WAV');
  });
});

describe('/ivr-menus/:id/prompt in parallel', () => {
  it('the row, the stored bytes and the download describe the same file, the last one committed; no file is left behind', async () => {
    const fixture = await tenantWithExtensions();
    const session = fixture.admin.session;
    const created = (await call('POST', '/ivr-menus', session, menu({ context: 'race' }))).json<{ id: string }>();
    const url = `/ivr-menus/${created.id}/prompt`;
    const folder = folderOf(fixture.tenant.id);
    for (let round = 0; round < 4; round += 1) {
      // Different sizes, so a row describing one file while another is stored shows.
      const wavs = [80, 160, 240, 320, 400, 480].map((samples) => tinyWav(samples + round));
      const answers = await Promise.all(wavs.map((wav) => upload(url, session, wav)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const row = await rowOf(fixture.tenant.id, created.id);
      const bytes = await stored(row.key!);
      expect(bytes?.length, `round ${round}`).toBe(row.size);
      expect(wavs).toContainEqual(bytes);
      expect((await call('GET', url, session)).rawPayload).toEqual(bytes);
      expect((await call('GET', `/ivr-menus/${created.id}`, session)).json()).toMatchObject({ promptSizeBytes: row.size });
      expect(readdirSync(folder)).toEqual([path.basename(row.key!)]);
    }
    // Each upload saw the one committed before it: only the very first replaced nothing.
    const audit = await t.db.withTenant(fixture.tenant.id, (tx) =>
      tx.selectFrom('auditLog').select('details').where('targetId', '=', created.id).where('action', '=', 'IVR_PROMPT_UPLOADED').execute(),
    );
    expect(audit.filter((row) => row.details.replaced === false)).toHaveLength(1);

    expect((await call('DELETE', `/ivr-menus/${created.id}`, session)).statusCode).toBe(204);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('a prompt storage cannot delete once the change is committed', () => {
  // Its own app, whose warnings are kept; same database, so the sessions of `t` work on it too.
  const warnings: Array<Record<string, unknown>> = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await startTestApp({ log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) }) });
  });
  afterAll(() => logged.close());
  const objects = path.join(testConfig().dataDir, 'objects');
  /** A real condition the local store cannot delete through: a folder with a file in it where the object was. */
  const undeletable = (key: string) => {
    rmSync(path.join(objects, key));
    mkdirSync(path.join(objects, key));
    writeFileSync(path.join(objects, key, 'keep'), '');
  };
  const leftOver = (key: string) => warnings.filter((line) => line.objectKey === key);
  const uploadVia = (url: string, session: Session, content: Buffer) => {
    const { payload, contentType } = multipartFile(content, { filename: 'prompt.wav', type: 'audio/wav' });
    return logged.app.inject({ method: 'POST', url, payload, headers: { ...session.auth, 'content-type': contentType } });
  };

  it('the request still succeeds (replace, remove, menu delete) and the leftover key is logged at warn', async () => {
    const fixture = await tenantWithExtensions();
    const session = fixture.admin.session;
    const created = (await call('POST', '/ivr-menus', session, menu({ context: 'leftover' }))).json<{ id: string }>();
    const url = `/ivr-menus/${created.id}/prompt`;
    const via = (method: 'DELETE', target: string) => logged.app.inject({ method, url: target, headers: session.auth });
    const leftovers: string[] = [];
    try {
      expect((await uploadVia(url, session, tinyWav(80))).statusCode).toBe(200);
      const first = await keyOf(fixture.tenant.id, created.id);
      undeletable(first);
      leftovers.push(first);
      const replaced = await uploadVia(url, session, tinyWav(160));
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(await stored(await keyOf(fixture.tenant.id, created.id))).toEqual(tinyWav(160));
      expect(leftOver(first)).toEqual([expect.objectContaining({ level: 40, objectKey: first, storage: 'local', error: 'ERR_FS_EISDIR' })]);

      const second = await keyOf(fixture.tenant.id, created.id);
      undeletable(second);
      leftovers.push(second);
      expect((await via('DELETE', url)).statusCode).toBe(204);
      expect(await rowOf(fixture.tenant.id, created.id)).toEqual({ key: null, size: null });
      expect(leftOver(second)).toHaveLength(1);

      expect((await uploadVia(url, session, tinyWav(240))).statusCode).toBe(200);
      const third = await keyOf(fixture.tenant.id, created.id);
      undeletable(third);
      leftovers.push(third);
      expect((await via('DELETE', `/ivr-menus/${created.id}`)).statusCode).toBe(204);
      expect(leftOver(third)).toHaveLength(1);
      expect(JSON.stringify(leftOver(third))).not.toContain(objects);
    } finally {
      for (const key of leftovers) rmSync(path.join(objects, key), { recursive: true, force: true });
    }
  });
});

describe('/ivr-menus targets (issue 8)', () => {
  const xmlOf = async (session: Session, context: string) => {
    const [version] = await versionsOf(session, context);
    expect(version?.status).toBe('ACTIVE');
    return (await call('GET', `/dialplan/versions/${version!.id}`, session)).json<{ xml: string }>().xml;
  };
  const post = async (session: Session, url: string, body: object) => {
    const response = await call('POST', url, session, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; context: string }>();
  };

  it('keeps old clients working: only targetExtension is an EXTENSION target; menu defaults are 5 s, 3 tries, hang up', async () => {
    const { admin } = await tenantWithExtensions();
    const created = await call('POST', '/ivr-menus', admin.session, { name: 'Old client', options: [{ digit: '1', targetExtension: '101' }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      options: [{ digit: '1', targetType: 'EXTENSION', targetExtension: '101', targetQueueId: null, targetMenuId: null }],
      timeoutSeconds: 5,
      maxFailures: 3,
      failureTarget: { targetType: 'HANGUP', targetExtension: null, targetQueueId: null, targetMenuId: null },
    });
  });

  it('targets a queue, another menu, itself and a hangup; compiles timeout, tries and the failure target', async () => {
    const { admin, tenant } = await tenantWithExtensions();
    const session = admin.session;
    const queue = await post(session, '/queues', { name: 'Suporte' });
    const support = await post(session, '/ivr-menus', { name: 'Suporte', context: 'suporte', options: [{ digit: '1', targetExtension: '102' }] });
    const main = await call('POST', '/ivr-menus', session, {
      name: 'Principal',
      context: 'principal',
      timeoutSeconds: 7,
      maxFailures: 2,
      failureTarget: { targetType: 'EXTENSION', targetExtension: '101' },
      options: [
        { digit: '1', targetType: 'QUEUE', targetQueueId: queue.id, label: 'Suporte' },
        { digit: '2', targetType: 'IVR', targetMenuId: support.id },
        { digit: '9', targetType: 'HANGUP', targetExtension: null },
      ],
    });
    expect(main.statusCode, main.body).toBe(201);
    const id = main.json<{ id: string }>().id;
    expect(main.json()).toMatchObject({
      timeoutSeconds: 7,
      maxFailures: 2,
      failureTarget: { targetType: 'EXTENSION', targetExtension: '101' },
      options: [
        { digit: '1', targetType: 'QUEUE', targetQueueId: queue.id, targetExtension: null },
        { digit: '2', targetType: 'IVR', targetMenuId: support.id },
        { digit: '9', targetType: 'HANGUP', targetExtension: null, targetQueueId: null, targetMenuId: null },
      ],
    });
    const code = tenant.code;
    let xml = await xmlOf(session, 'principal');
    expect(xml).toContain(`1 1 2 7000 none tone_stream://%(300,200,440) tone_stream://%(200,100,480,620) ivr_digit ^[129]$ 7000 ivr_failure XML ${code}_principal`);
    expect(xml).toContain(`application="callcenter" data="q-${queue.id}"`);
    expect(xml).toContain(`data="ivr_entry XML ${code}_suporte"`);
    expect(xml).toContain('application="hangup" data="NORMAL_CLEARING"');
    const failure = xml.slice(xml.indexOf('name="ivr_failure"'));
    expect(failure).toMatch(new RegExp(`^[^]*?<action application="transfer" data="101 XML ${code}_default"/>\\s*</condition>\\s*</extension>\\s*</context>`));

    // "Press 8 to hear the menu again": a menu may send a caller back to itself.
    const again = await call('PATCH', `/ivr-menus/${id}`, session, { options: [{ digit: '8', targetType: 'IVR', targetMenuId: id }] });
    expect(again.statusCode, again.body).toBe(200);
    xml = await xmlOf(session, 'principal');
    expect(xml).toContain(`data="ivr_entry XML ${code}_principal"`);
  });

  it('refuses targets of another tenant, mismatched fields and failure loops', async () => {
    const one = await tenantWithExtensions();
    const two = await tenantWithExtensions();
    const session = one.admin.session;
    const foreignQueue = await post(two.admin.session, '/queues', { name: 'Alheia' });
    const foreignMenu = await post(two.admin.session, '/ivr-menus', { name: 'Alheio', options: [] });
    for (const [body, path] of [
      [{ options: [{ digit: '1', targetType: 'QUEUE', targetQueueId: foreignQueue.id }] }, 'options.0.targetQueueId'],
      [{ options: [{ digit: '1', targetType: 'IVR', targetMenuId: foreignMenu.id }] }, 'options.0.targetMenuId'],
      [{ failureTarget: { targetType: 'QUEUE', targetQueueId: foreignQueue.id } }, 'failureTarget.targetQueueId'],
      [{ options: [{ digit: '1', targetType: 'QUEUE' }] }, 'options.0.targetQueueId'],
      [{ options: [{ digit: '1', targetType: 'HANGUP', targetExtension: '101' }] }, 'options.0.targetExtension'],
      [{ failureTarget: { targetType: 'IVR' } }, 'failureTarget.targetMenuId'],
    ] as const) {
      const response = await call('POST', '/ivr-menus', session, { name: 'M', ...body });
      expectError(response, 400, 'INVALID_IVR_TARGET');
      expect(response.json().details.map((detail: { path: string }) => detail.path)).toEqual([path]);
    }
    expectError(await call('POST', '/ivr-menus', session, { name: 'M', failureTarget: { targetExtension: '555' } }), 400, 'INVALID_TARGET_EXTENSION');
    for (const body of [{ timeoutSeconds: 0 }, { maxFailures: 11 }, { failureTarget: { targetType: 'QUEUE', queue: 'x' } }, { options: [{ digit: '1', targetType: 'VOICEMAIL' }] }]) {
      expectError(await call('POST', '/ivr-menus', session, { name: 'M', ...body }), 400, 'VALIDATION_FAILED');
    }

    const a = await post(session, '/ivr-menus', { name: 'A', options: [] });
    expectError(await call('PATCH', `/ivr-menus/${a.id}`, session, { failureTarget: { targetType: 'IVR', targetMenuId: a.id } }), 400, 'IVR_TARGET_LOOP');
    const b = await post(session, '/ivr-menus', { name: 'B', options: [], failureTarget: { targetType: 'IVR', targetMenuId: a.id } });
    const loop = await call('PATCH', `/ivr-menus/${a.id}`, session, { failureTarget: { targetType: 'IVR', targetMenuId: b.id } });
    expectError(loop, 400, 'IVR_TARGET_LOOP');
    expect((await call('GET', `/ivr-menus/${a.id}`, session)).json().failureTarget.targetType).toBe('HANGUP');
  });

  it('keeps what a menu targets: the queue, the menu and the extension stay while a menu sends callers to them', async () => {
    const { admin } = await tenantWithExtensions();
    const session = admin.session;
    const queue = await post(session, '/queues', { name: 'Vendas' });
    const target = await post(session, '/ivr-menus', { name: 'Alvo', context: 'alvo', options: [{ digit: '1', targetExtension: '101' }] });
    const source = await post(session, '/ivr-menus', {
      name: 'Origem',
      options: [
        { digit: '1', targetType: 'QUEUE', targetQueueId: queue.id },
        { digit: '2', targetType: 'IVR', targetMenuId: target.id },
      ],
      failureTarget: { targetType: 'EXTENSION', targetExtension: '102' },
    });
    const extension = (await call('GET', '/extensions', session)).json<{ id: string; number: string }[]>().find((row) => row.number === '102')!;
    expectError(await call('DELETE', `/queues/${queue.id}`, session), 400, 'QUEUE_IN_USE');
    expectError(await call('DELETE', `/ivr-menus/${target.id}`, session), 400, 'IVR_MENU_IN_USE');
    expectError(await call('PATCH', `/ivr-menus/${target.id}`, session, { context: 'alvo-2' }), 400, 'IVR_MENU_IN_USE');
    expectError(await call('DELETE', `/extensions/${extension.id}`, session), 400, 'EXTENSION_IN_USE');

    // Once the menu no longer sends callers there, each can go; a menu that targets only itself can go too.
    expect((await call('PATCH', `/ivr-menus/${source.id}`, session, { options: [{ digit: '5', targetType: 'IVR', targetMenuId: source.id }], failureTarget: { targetType: 'HANGUP' } })).statusCode).toBe(200);
    expect((await call('DELETE', `/queues/${queue.id}`, session)).statusCode).toBe(204);
    expect((await call('DELETE', `/ivr-menus/${target.id}`, session)).statusCode).toBe(204);
    expect((await call('DELETE', `/extensions/${extension.id}`, session)).statusCode).toBe(204);
    expect((await call('DELETE', `/ivr-menus/${source.id}`, session)).statusCode).toBe(204);
  });
});
