// A campaign's own abandon message (decision 0052) through the API: a real WAV is stored, streamed
// as audio, replaced, removed; anything else is refused before it is stored; other tenants see
// nothing; deleting the campaign deletes the file; the switch's copy is asked for.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMember, createTenant, expectError, filesIn, multipartFile, tenantObjectsFolder, testConfig, useTestApp, type Session } from '../../../test/harness.ts';
import { LocalObjectStorage } from '../../platform/storage/storage.ts';
import { abandonSoundFile } from '../../platform/switch/naming.ts';
import { campaignAbandonSound } from '../../services/dialer/abandon-message.ts';
import { tinyWav } from '../ivr-menus/wav.test-support.ts';

const t = useTestApp();
const { call } = t;
const storage = () => new LocalObjectStorage(path.join(testConfig().dataDir, 'objects'));

function upload(url: string, session: Session, content: Buffer, { field = 'file', filename = 'mensagem.wav', type = 'audio/wav', app = t.app } = {}) {
  const { payload, contentType } = multipartFile(content, { field, filename, type });
  return app.inject({ method: 'POST', url, payload, headers: { ...session.auth, 'content-type': contentType } });
}

async function stored(key: string): Promise<Buffer | null> {
  const object = await storage().get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function tenantWithCampaign() {
  const fixture = await createTenant(t.app, t.platform);
  const session = fixture.admin.session;
  const queueId = await t.createId('/queues', session, { name: 'Vendas' });
  const trunkId = await t.createId('/trunks', session, { name: 'Operadora', host: 'sip.carrier.example' });
  const campaignId = await t.createId('/campaigns', session, { name: `Campanha ${randomUUID().slice(0, 6)}`, queueId, trunkId, pacingMin: 1, pacingMax: 2 });
  return { ...fixture, session, campaignId, url: `/campaigns/${campaignId}/abandon-message`, folder: folderOf(fixture.tenant.id) };
}

const folderOf = (tenantId: string) => tenantObjectsFolder(tenantId, 'abandon-messages');

const rowOf = (tenantId: string, campaignId: string) =>
  t.db.withTenant(tenantId, (tx) =>
    tx.selectFrom('campaigns').select(['abandonMessageObjectKey as key', 'abandonMessageSizeBytes as size']).where('id', '=', campaignId).executeTakeFirstOrThrow(),
  );
const keyOf = async (tenantId: string, campaignId: string) => (await rowOf(tenantId, campaignId)).key!;

const pendingDialplanChanges = (tenantId: string) =>
  t.db.withPlatform((tx) => tx.selectFrom('switchConfigChanges').select('kind').where('tenantId', '=', tenantId).where('kind', '=', 'dialplan').execute());

describe('/campaigns/:id/abandon-message', () => {
  it('stores a real WAV, shows it on the campaign, streams it as audio, replaces it, removes it; audited; the switch is told', async () => {
    const { session, url, folder, campaignId, tenant } = await tenantWithCampaign();
    expect((await call('GET', `/campaigns/${campaignId}`, session)).json()).toMatchObject({ hasAbandonMessage: false, abandonMessageSizeBytes: null });
    expectError(await call('GET', url, session), 404, 'NOT_FOUND');
    await t.db.withPlatform((tx) => tx.deleteFrom('switchConfigChanges').where('tenantId', '=', tenant.id).execute());

    const first = tinyWav(80);
    const uploaded = await upload(url, session, first);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ id: campaignId, hasAbandonMessage: true, abandonMessageSizeBytes: first.length });
    expect(uploaded.json()).not.toHaveProperty('abandonMessageObjectKey');
    const key = await keyOf(tenant.id, campaignId);
    expect(key).toMatch(new RegExp(`^tenants/${tenant.id}/abandon-messages/${campaignId}-[0-9a-f-]{36}\\.wav$`));
    expect(await stored(key)).toEqual(first);
    expect(await pendingDialplanChanges(tenant.id)).toHaveLength(1);
    expect((await call('GET', `/campaigns/${campaignId}`, session)).json()).toMatchObject({ hasAbandonMessage: true, abandonMessageSizeBytes: first.length });
    const listed = (await call('GET', '/campaigns', session)).json<Array<{ id: string; hasAbandonMessage: boolean }>>();
    expect(listed.find((campaign) => campaign.id === campaignId)?.hasAbandonMessage).toBe(true);

    const played = await call('GET', url, session);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(played.headers['x-content-type-options']).toBe('nosniff');
    expect(played.rawPayload).toEqual(first);

    const second = tinyWav(160);
    expect((await upload(url, session, second)).json()).toMatchObject({ abandonMessageSizeBytes: second.length });
    // The replacement has a key of its own; the file it replaced is gone.
    const secondKey = await keyOf(tenant.id, campaignId);
    expect(secondKey).not.toBe(key);
    expect(await stored(secondKey)).toEqual(second);
    expect(filesIn(folder)).toEqual([path.basename(secondKey)]);

    expect((await call('DELETE', url, session)).statusCode).toBe(204);
    expect(filesIn(folder)).toEqual([]);
    expectError(await call('GET', url, session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', url, session), 404, 'NOT_FOUND');
    expect((await call('GET', `/campaigns/${campaignId}`, session)).json()).toMatchObject({ hasAbandonMessage: false, abandonMessageSizeBytes: null });

    const audit = await t.db.withTenant(tenant.id, (tx) =>
      tx.selectFrom('auditLog').select(['action', 'details']).where('targetId', '=', campaignId).where('action', 'like', 'CAMPAIGN_ABANDON%').orderBy('createdAt').execute(),
    );
    expect(audit.map((row) => row.action)).toEqual(['CAMPAIGN_ABANDON_MESSAGE_UPLOADED', 'CAMPAIGN_ABANDON_MESSAGE_UPLOADED', 'CAMPAIGN_ABANDON_MESSAGE_REMOVED']);
    expect(audit[1]?.details).toMatchObject({ sizeBytes: second.length, replaced: true });
  });

  it('refuses what is not a WAV before storing anything: 400 INVALID_WAV in the contract shape', async () => {
    const { session, url, folder, campaignId } = await tenantWithCampaign();
    const mp3 = Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'), Buffer.alloc(200, 0xff)]);
    for (const fake of [mp3, Buffer.from('<html><script>alert(1)</script></html> named .wav'), tinyWav(5, { sampleRate: 11025 })]) {
      const response = await upload(url, session, fake);
      expectError(response, 400, 'INVALID_WAV');
      expect(response.json().details).toEqual([{ path: 'file', message: expect.any(String) }]);
      expect(filesIn(folder)).toEqual([]);
    }
    expectError(await upload(url, session, tinyWav(), { field: 'audio' }), 400, 'FILE_REQUIRED');
    expectError(await call('POST', url, session, { file: 'x' }), 400, 'FILE_REQUIRED');
    expect((await call('GET', `/campaigns/${campaignId}`, session)).json().hasAbandonMessage).toBe(false);
    // 400 before 404: a fake file for an unknown campaign is refused for the file.
    expectError(await upload(`/campaigns/${randomUUID()}/abandon-message`, session, mp3), 400, 'INVALID_WAV');
    expectError(await upload(`/campaigns/${randomUUID()}/abandon-message`, session, tinyWav()), 404, 'NOT_FOUND');
  });

  it('another tenant gets 404 on every route and its upload stores nothing; an agent gets 403', async () => {
    const owner = await tenantWithCampaign();
    const wav = tinyWav(80);
    expect((await upload(owner.url, owner.session, wav)).statusCode).toBe(200);
    const other = await createTenant(t.app, t.platform);
    expectError(await call('GET', owner.url, other.admin.session), 404, 'NOT_FOUND');
    expectError(await call('DELETE', owner.url, other.admin.session), 404, 'NOT_FOUND');
    expectError(await upload(owner.url, other.admin.session, tinyWav(160)), 404, 'NOT_FOUND');
    expect(await stored(await keyOf(owner.tenant.id, owner.campaignId))).toEqual(wav);
    expect(filesIn(owner.folder)).toHaveLength(1);
    expect(filesIn(folderOf(other.tenant.id))).toEqual([]);
    const agent = await createMember(t.app, owner.session, 'agent');
    expectError(await upload(owner.url, agent.session, wav), 403, 'FORBIDDEN');
    expectError(await call('GET', owner.url, agent.session), 403, 'FORBIDDEN');
    expectError(await call('DELETE', owner.url, agent.session), 403, 'FORBIDDEN');
  });

  it('deleting the campaign deletes its message', async () => {
    const { session, url, folder, campaignId, tenant } = await tenantWithCampaign();
    expect((await upload(url, session, tinyWav())).statusCode).toBe(200);
    const key = await keyOf(tenant.id, campaignId);
    await t.db.withPlatform((tx) => tx.deleteFrom('switchConfigChanges').where('tenantId', '=', tenant.id).execute());
    expect((await call('DELETE', `/campaigns/${campaignId}`, session)).statusCode).toBe(204);
    expect(await stored(key)).toBeNull();
    expect(filesIn(folder)).toEqual([]);
    // The switch's copy is pruned by the next dialplan pass.
    expect(await pendingDialplanChanges(tenant.id)).toHaveLength(1);
    const row = await t.db.withTenant(tenant.id, (tx) => tx.selectFrom('campaigns').select(['abandonMessageObjectKey', 'deletedAt']).where('id', '=', campaignId).executeTakeFirstOrThrow());
    expect(row.abandonMessageObjectKey).toBeNull();
    expect(row.deletedAt).not.toBeNull();
    expectError(await call('GET', url, session), 404, 'NOT_FOUND');
  });
});

describe('parallel uploads for one campaign', () => {
  it('the row, the stored bytes and the download describe the same file, the last one committed; no file is left behind', async () => {
    const { session, url, folder, campaignId, tenant } = await tenantWithCampaign();
    for (let round = 0; round < 4; round += 1) {
      // Different sizes, so a row describing one file while another is stored shows.
      const wavs = [80, 160, 240, 320, 400, 480].map((samples) => tinyWav(samples + round));
      const answers = await Promise.all(wavs.map((wav) => upload(url, session, wav)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const row = await rowOf(tenant.id, campaignId);
      const bytes = await stored(row.key!);
      expect(bytes?.length, `round ${round}`).toBe(row.size);
      expect(wavs).toContainEqual(bytes);
      expect((await call('GET', url, session)).rawPayload).toEqual(bytes);
      expect((await call('GET', `/campaigns/${campaignId}`, session)).json()).toMatchObject({ abandonMessageSizeBytes: row.size });
      expect(readdirSync(folder)).toEqual([path.basename(row.key!)]);
    }
    // Each upload saw the one committed before it: only the very first replaced nothing.
    const audit = await t.db.withTenant(tenant.id, (tx) =>
      tx.selectFrom('auditLog').select('details').where('targetId', '=', campaignId).where('action', '=', 'CAMPAIGN_ABANDON_MESSAGE_UPLOADED').execute(),
    );
    expect(audit.filter((row) => row.details.replaced === false)).toHaveLength(1);

    expect((await call('DELETE', url, session)).statusCode).toBe(204);
    expect(readdirSync(folder)).toEqual([]);
  });
  it('uploads racing the campaign delete: each one answers 200 or 404, and no file is left behind', async () => {
    const { session, url, folder, campaignId } = await tenantWithCampaign();
    const answers = await Promise.all([
      ...[80, 160, 240].map((samples) => upload(url, session, tinyWav(samples))),
      call('DELETE', `/campaigns/${campaignId}`, session),
      ...[320, 400].map((samples) => upload(url, session, tinyWav(samples))),
    ]);
    for (const answer of answers) expect([200, 204, 404], answer.body).toContain(answer.statusCode);
    expect(filesIn(folder)).toEqual([]);
  });
});

describe('a file storage cannot delete once the change is committed', () => {
  // Its own app, whose warnings are kept; same database, so the sessions of `t` work on it too.
  const warnings: Array<Record<string, unknown>> = [];
  const logged = useTestApp({ log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) }) });
  const objects = path.join(testConfig().dataDir, 'objects');
  /** A real condition the local store cannot delete through: a folder with a file in it where the object was. */
  const undeletable = (key: string) => {
    rmSync(path.join(objects, key));
    mkdirSync(path.join(objects, key));
    writeFileSync(path.join(objects, key, 'keep'), '');
  };
  const leftOver = (key: string) => warnings.filter((line) => line.objectKey === key);

  it('the request still succeeds (replace, remove, campaign delete) and the leftover key is logged at warn', async () => {
    const { session, url, campaignId, tenant } = await tenantWithCampaign();
    const leftovers: string[] = [];
    try {
      expect((await upload(url, session, tinyWav(80), { app: logged.app })).statusCode).toBe(200);
      const first = await keyOf(tenant.id, campaignId);
      undeletable(first);
      leftovers.push(first);
      const replaced = await upload(url, session, tinyWav(160), { app: logged.app });
      expect(replaced.statusCode, replaced.body).toBe(200);
      const second = await keyOf(tenant.id, campaignId);
      expect(await stored(second)).toEqual(tinyWav(160));
      expect(leftOver(first)).toEqual([expect.objectContaining({ level: 40, objectKey: first, storage: 'local', error: 'ERR_FS_EISDIR' })]);

      undeletable(second);
      leftovers.push(second);
      expect((await logged.call('DELETE', url, session)).statusCode).toBe(204);
      expect(await rowOf(tenant.id, campaignId)).toEqual({ key: null, size: null });
      expect(leftOver(second)).toHaveLength(1);

      expect((await upload(url, session, tinyWav(240), { app: logged.app })).statusCode).toBe(200);
      const third = await keyOf(tenant.id, campaignId);
      undeletable(third);
      leftovers.push(third);
      expect((await logged.call('DELETE', `/campaigns/${campaignId}`, session)).statusCode).toBe(204);
      expect(leftOver(third)).toHaveLength(1);
      // Only the key and the error's code: no path of the store, no token.
      expect(JSON.stringify(leftOver(third))).not.toContain(objects);
      expect(JSON.stringify(warnings)).not.toContain(session.accessToken);
    } finally {
      for (const key of leftovers) rmSync(path.join(objects, key), { recursive: true, force: true });
    }
  });
});

describe('the dialer’s choice (campaignAbandonSound)', () => {
  it('the campaign’s own file only once it is on the switch, by a path the command line leaves alone; none for another tenant', async () => {
    const { session, url, campaignId, tenant } = await tenantWithCampaign();
    const confDir = mkdtempSync(path.join(tmpdir(), 'abandon-conf-'));
    try {
      expect(await campaignAbandonSound(t.db, confDir, tenant.id, campaignId)).toEqual({ kind: 'NONE' });
      expect((await upload(url, session, tinyWav())).statusCode).toBe(200);
      const file = path.join(confDir, abandonSoundFile(tenant.code, campaignId));
      expect(await campaignAbandonSound(t.db, confDir, tenant.id, campaignId)).toEqual({ kind: 'NOT_ON_SWITCH', path: file });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, tinyWav());
      expect(await campaignAbandonSound(t.db, confDir, tenant.id, campaignId)).toEqual({ kind: 'OWN', path: file });
      expect(await campaignAbandonSound(t.db, `${confDir}/a,b`, tenant.id, campaignId)).toMatchObject({ kind: 'UNPLAYABLE_PATH' });
      // Row-level security: another tenant's dialer context reads no campaign of this one.
      const other = await createTenant(t.app, t.platform);
      expect(await campaignAbandonSound(t.db, confDir, other.tenant.id, campaignId)).toEqual({ kind: 'NONE' });
    } finally {
      rmSync(confDir, { recursive: true, force: true });
    }
  });
});
