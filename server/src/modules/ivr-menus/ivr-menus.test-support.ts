// What the IVR-menu test files share (ivr-menus.int.test.ts, ivr-menu-prompts.int.test.ts): each file
// starts its own app and builds these helpers on it.
import path from 'node:path';
import { expect } from 'vitest';
import { LocalObjectStorage } from '../../platform/storage/storage.ts';
import { createTenant, multipartFile, tenantObjectsFolder, testConfig, type Session, type TenantFixture, type TestApp } from '../../../test/harness.ts';

/** The helpers bound to a file's app and platform admin (read when called: both are made in the file's beforeAll). */
export function ivrMenuHelpers(app: () => TestApp, platform: () => Session) {
  let objects: LocalObjectStorage | undefined;
  const storage = () => (objects ??= new LocalObjectStorage(path.join(testConfig().dataDir, 'objects')));

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: Session, payload?: object) =>
    app().app.inject({ method, url, headers: session.auth, ...(payload ? { payload } : {}) });

  function upload(url: string, session: Session, content: Buffer, { field = 'file', filename = 'prompt.wav', type = 'audio/wav' } = {}) {
    const { payload, contentType } = multipartFile(content, { field, filename, type });
    return app().app.inject({ method: 'POST', url, payload, headers: { ...session.auth, 'content-type': contentType } });
  }

  async function stored(key: string): Promise<Buffer | null> {
    const object = await storage().get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  const folderOf = (tenantId: string) => tenantObjectsFolder(tenantId, 'prompts');

  const rowOf = (tenantId: string, menuId: string) =>
    app().db.withTenant(tenantId, (tx) =>
      tx.selectFrom('ivrMenus').select(['promptObjectKey as key', 'promptSizeBytes as size']).where('id', '=', menuId).executeTakeFirstOrThrow(),
    );
  const keyOf = async (tenantId: string, menuId: string) => (await rowOf(tenantId, menuId)).key!;

  async function tenantWithExtensions(): Promise<TenantFixture> {
    const fixture = await createTenant(app().app, platform());
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

  return { call, upload, stored, folderOf, rowOf, keyOf, tenantWithExtensions, versionsOf, menu };
}
