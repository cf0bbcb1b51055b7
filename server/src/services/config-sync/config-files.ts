// The files under FREESWITCH_CONF_DIR: written atomically (write, then rename) and private when
// they carry secrets. Nothing outside this folder is ever touched.
import { chmod, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class ConfigFiles {
  constructor(readonly root: string) {}

  async write(relative: string, content: string | Buffer, options: { private?: boolean } = {}): Promise<void> {
    const target = this.resolve(relative);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.tmp-${process.pid}`;
    await writeFile(temporary, content, { mode: options.private ? 0o600 : 0o644 });
    await chmod(temporary, options.private ? 0o600 : 0o644);
    await rename(temporary, target);
  }

  /** The text of a file, or null when it is not there. */
  async read(relative: string): Promise<string | null> {
    try {
      return await readFile(this.resolve(relative), 'utf8');
    } catch {
      return null;
    }
  }

  /** Removes the files of a folder whose names match `owned` but are not in `keep`. */
  async prune(folder: string, owned: (name: string) => boolean, keep: Set<string>): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.resolve(folder));
    } catch {
      return [];
    }
    const removed = names.filter((name) => owned(name) && !keep.has(name));
    await Promise.all(removed.map((name) => rm(this.resolve(path.join(folder, name)), { force: true })));
    return removed;
  }

  /** Removes one file; true when it was there. */
  async remove(relative: string): Promise<boolean> {
    const target = this.resolve(relative);
    try {
      await rm(target);
      return true;
    } catch {
      return false;
    }
  }

  private resolve(relative: string): string {
    const target = path.resolve(this.root, relative);
    if (!target.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Path escapes the switch folder: ${relative}`);
    return target;
  }
}
