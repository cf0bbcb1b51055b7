// Where recordings and IVR prompts live: a local folder (DATA_DIR/objects) or S3 (s3.ts). Keys are
// relative paths such as tenants/<tenant_id>/prompts/<menu_id>.wav; never a URL handed to clients.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * What is stored: a small Buffer (a prompt), or a file or a stream of known size copied without
 * holding it in memory (a recording may be tens of megabytes).
 */
export type ObjectBody = Buffer | { file: string } | { stream: Readable; size: number };

/** Inclusive byte offsets, as in HTTP's Range (end already clamped to the object's last byte). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** The whole object's size in bytes (not the range's). */
  size: number;
  /** The bytes the stream carries, when a range was asked for. */
  range?: ByteRange;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: ObjectBody): Promise<void>;
  /** A stream of the object (or of `range` of it), or null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  /** Removes the object; nothing happens when it does not exist. */
  delete(key: string): Promise<void>;
}

export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Object key escapes the store: ${key}`);
    return resolved;
  }

  async put(key: string, body: ObjectBody): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temporary, body);
      else await pipeline('file' in body ? createReadStream(body.file) : body.stream, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    const size = await this.size(key);
    if (size === null) return null;
    if (!range) return { stream: createReadStream(target), size };
    return { stream: createReadStream(target, { start: range.start, end: range.end }), size, range };
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
