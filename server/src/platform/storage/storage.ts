// Where recordings and IVR prompts live: a local folder (DATA_DIR/objects) or S3. Keys are
// relative paths such as tenants/<tenant_id>/prompts/<menu_id>.wav; never a URL handed to clients.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface ObjectStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

export class LocalObjectStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Object key escapes the store: ${key}`);
    return resolved;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    const target = this.pathOf(key);
    try {
      const { size } = await stat(target);
      return { stream: createReadStream(target), size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
