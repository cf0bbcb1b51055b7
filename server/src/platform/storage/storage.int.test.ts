// One contract, two stores: the local folder and S3 (a real S3-protocol server over HTTP, built
// through createStorage from the same environment an operator sets).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.ts';
import { createStorage, LocalObjectStorage, S3ObjectStorage, type ObjectStorage } from './index.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let s3: TestS3;
const stores: Record<'local' | 's3', ObjectStorage> = {} as never;

beforeAll(async () => {
  s3 = await startTestS3();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-local-'));
  stores.local = createStorage(parseConfig({ DATA_DIR: dataDir }));
  stores.s3 = createStorage(parseConfig({ DATA_DIR: dataDir, ...s3.env }));
});
afterAll(async () => {
  (stores.s3 as S3ObjectStorage | undefined)?.close();
  await s3?.stop();
});

describe('createStorage', () => {
  it('builds the store STORAGE_PROVIDER names', () => {
    expect(stores.local).toBeInstanceOf(LocalObjectStorage);
    expect(stores.s3).toBeInstanceOf(S3ObjectStorage);
  });
});

describe.each(['local', 's3'] as const)('object storage contract: %s', (kind) => {
  const store = () => stores[kind];
  const key = () => `tenants/${randomUUID()}/recordings/2026/11/26/${randomUUID()}.wav`;

  it('puts a Buffer and gets it back whole, with its size', async () => {
    const data = randomBytes(70_001);
    const k = key();
    await store().put(k, data);
    const object = await store().get(k);
    expect(object?.size).toBe(data.length);
    expect((await readAll(object!.stream)).equals(data)).toBe(true);
    expect(await store().size(k)).toBe(data.length);
  });

  it('streams a file in (no Buffer) and a stream of known size', async () => {
    const data = randomBytes(300_000);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'storage-src-')), 'in.wav');
    writeFileSync(file, data);
    const fromFile = key();
    await store().put(fromFile, { file });
    expect((await readAll((await store().get(fromFile))!.stream)).equals(data)).toBe(true);

    const fromStream = key();
    await store().put(fromStream, { stream: Readable.from([data.subarray(0, 1000), data.subarray(1000)]), size: data.length });
    expect((await readAll((await store().get(fromStream))!.stream)).equals(data)).toBe(true);
  });

  it('reads a byte range (inclusive), reporting the whole size', async () => {
    const data = randomBytes(10_000);
    const k = key();
    await store().put(k, data);
    const middle = await store().get(k, { start: 100, end: 199 });
    expect(middle?.size).toBe(10_000);
    expect(middle?.range).toEqual({ start: 100, end: 199 });
    expect((await readAll(middle!.stream)).equals(data.subarray(100, 200))).toBe(true);
    const last = await store().get(k, { start: 9_999, end: 9_999 });
    expect((await readAll(last!.stream)).equals(data.subarray(9_999))).toBe(true);
  });

  it('answers null for a missing object (get, ranged get, size) and deletes idempotently', async () => {
    const k = key();
    expect(await store().get(k)).toBeNull();
    expect(await store().get(k, { start: 0, end: 10 })).toBeNull();
    expect(await store().size(k)).toBeNull();
    await store().put(k, Buffer.from('x'));
    await store().delete(k);
    expect(await store().get(k)).toBeNull();
    await expect(store().delete(k)).resolves.toBeUndefined();
  });

  it('replaces an object put again under the same key', async () => {
    const k = key();
    await store().put(k, Buffer.from('first'));
    await store().put(k, Buffer.from('second!'));
    expect((await readAll((await store().get(k))!.stream)).toString()).toBe('second!');
  });
});

describe('S3 storage', () => {
  // s3rver checks the access key of a signed (v4) request, not the signature itself.
  it('sends its credentials: an access key the server does not know is refused', async () => {
    const wrong = new S3ObjectStorage({ bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, accessKeyId: 'UNKNOWN', secretAccessKey: 'S3RVER' });
    await expect(wrong.put(`x/${randomUUID()}`, Buffer.from('x'))).rejects.toThrow();
    wrong.close();
  });

  it('fails loudly when the bucket does not exist (a typo is not a missing recording)', async () => {
    const typo = new S3ObjectStorage({ bucket: 'no-such-bucket', region: s3.region, endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
    await expect(typo.put(`x/${randomUUID()}`, Buffer.from('x'))).rejects.toThrow();
    typo.close();
  });
});

describe('local storage', () => {
  it('refuses a key that escapes its folder', async () => {
    await expect(stores.local.put('../outside.wav', Buffer.from('x'))).rejects.toThrow(/escapes/);
  });
});
