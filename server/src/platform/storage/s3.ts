// Objects in an S3 bucket (AWS, or an S3-protocol server such as MinIO or Ceph at S3_ENDPOINT).
// Bodies are streamed both ways: a recording is never held whole in memory.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { ByteRange, ObjectBody, ObjectStorage, StoredObject } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set (MinIO, Ceph...): path-style addressing, http://host:port/bucket/key. */
  endpoint?: string | undefined;
  /** Unset: the SDK's own chain (environment, instance role...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: many S3-protocol servers refuse the SDK's default
      // trailing checksums (aws-chunked uploads), and a size-known PUT needs none.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: ObjectBody): Promise<void> {
    let payload: Buffer | Readable;
    let length: number;
    if (Buffer.isBuffer(body)) {
      payload = body;
      length = body.length;
    } else if ('file' in body) {
      length = (await stat(body.file)).size;
      payload = createReadStream(body.file);
    } else {
      payload = body.stream;
      length = body.size;
    }
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: payload, ContentLength: length, ContentType: contentTypeOf(key) }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const stream = answer.Body as Readable;
      if (!range) return { stream, size: answer.ContentLength ?? 0 };
      // Content-Range: bytes start-end/size — the whole size is after the slash.
      const total = Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]);
      return { stream, size: Number.isFinite(total) ? total : range.end + 1, range };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Ends the client's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode === 404;
  const named = error as { name?: string };
  return named.name === 'NoSuchKey' || named.name === 'NotFound';
}

function contentTypeOf(key: string): string {
  return key.endsWith('.wav') ? 'audio/wav' : 'application/octet-stream';
}
