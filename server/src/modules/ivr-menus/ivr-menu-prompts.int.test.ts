// The IVR menus' prompt audio: uploaded as a real WAV, streamed, replaced and deleted with its menu,
// fakes refused, parallel uploads, and a storage that cannot delete once the change is committed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptSoundPath } from '../../platform/switch/naming.ts';
import { createPlatformAdmin, expectError, login, filesIn, multipartFile, startTestApp, testConfig, type Session, type TestApp } from '../../../test/harness.ts';
import { tinyWav } from './wav.test-support.ts';
import { ivrMenuHelpers } from './ivr-menus.test-support.ts';

let t: TestApp;
let platform: Session;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
});
afterAll(() => t.close());

const { call, upload, stored, folderOf, rowOf, keyOf, tenantWithExtensions, versionsOf, menu } = ivrMenuHelpers(() => t, () => platform);

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
