// The order of an upload's steps on a real local store (a temporary folder): the transaction is the
// caller's, played here by a function that succeeds or fails.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentObject, storeAndPoint } from './replace.ts';
import { LocalObjectStorage } from './storage.ts';

function store() {
  const root = mkdtempSync(path.join(tmpdir(), 'replace-'));
  const storage = new LocalObjectStorage(root);
  const warnings: unknown[] = [];
  const deps = { storage, log: { warn: (...args: unknown[]) => void warnings.push(args) } };
  return { storage, deps, warnings, files: () => readdirSync(path.join(root, 'owner')).sort() };
}

describe('storeAndPoint', () => {
  it('a committed upload deletes the object the row pointed at before, and only that one', async () => {
    const { storage, deps, files } = store();
    await storage.put('owner/old.wav', Buffer.from('old'));
    await storage.put('owner/other.wav', Buffer.from('other'));
    const result = await storeAndPoint(deps, 'owner/new.wav', Buffer.from('new'), async (key) => ({ result: key, previous: 'owner/old.wav' }));
    expect(result).toBe('owner/new.wav');
    expect(files()).toEqual(['new.wav', 'other.wav']);
  });

  it('a failed transaction deletes its own new object, keeps the current one, and fails as it did', async () => {
    const { storage, deps, files } = store();
    await storage.put('owner/current.wav', Buffer.from('current'));
    const failure = new Error('the transaction failed');
    await expect(
      storeAndPoint(deps, 'owner/new.wav', Buffer.from('new'), async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(files()).toEqual(['current.wav']);
  });
});

describe('currentObject', () => {
  it('reads the row again when the object it named was replaced and deleted in between', async () => {
    const { storage } = store();
    await storage.put('owner/b.wav', Buffer.from('b'));
    const keys = ['owner/a.wav', 'owner/b.wav'];
    const object = await currentObject(storage, async () => keys.shift() ?? 'owner/b.wav');
    expect(object?.size).toBe(1);
    expect(await currentObject(storage, async () => 'owner/none.wav')).toBeNull();
    expect(await currentObject(storage, async () => null)).toBeNull();
  });
});
