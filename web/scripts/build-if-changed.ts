// `npm start` used to rebuild the console every time (about 15 s on a 2-core machine). The build is
// a pure function of the console's sources and the locked dependency versions, so a digest of those
// files, kept beside the output, tells whether the existing build is still the right one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders under the console that are output or installed packages, never sources. */
const NOT_SOURCES = new Set(['dist', 'node_modules']);
export const STAMP_FILE = '.sources.sha256';

function sourceFiles(dir: string, relative = ''): string[] {
  return readdirSync(path.join(dir, relative), { withFileTypes: true })
    .filter((entry) => !(relative === '' && NOT_SOURCES.has(entry.name)))
    .flatMap((entry) => {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) return sourceFiles(dir, child);
      return entry.isFile() ? [child] : [];
    })
    .sort();
}

/** Digest of every file of the console (names and contents) and of the extra files (the lockfile). */
export function sourcesDigest(webDir: string, extraFiles: readonly string[] = []): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(webDir)) {
    hash.update(`${file.split(path.sep).join('/')}\0`).update(readFileSync(path.join(webDir, file))).update('\0');
  }
  for (const file of extraFiles) {
    hash.update(`${file.split(path.sep).slice(-3).join('/')}\0`).update(existsSync(file) ? readFileSync(file) : '').update('\0');
  }
  return hash.digest('hex');
}

export function isBuildCurrent(outDir: string, digest: string): boolean {
  const stamp = path.join(outDir, STAMP_FILE);
  return existsSync(path.join(outDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest;
}

export function recordBuild(outDir: string, digest: string): void {
  writeFileSync(path.join(outDir, STAMP_FILE), `${digest}\n`);
}

async function main(): Promise<void> {
  const webDir = path.resolve(import.meta.dirname, '..');
  const outDir = path.join(webDir, 'dist');
  // The shared rules are part of the console's sources: a changed rule must rebuild it.
  const rulesDir = path.join(webDir, '..', 'packages', 'rules', 'src');
  const rulesFiles = sourceFiles(rulesDir).map((file) => path.join(rulesDir, file));
  const digest = sourcesDigest(webDir, [path.join(webDir, '..', 'package-lock.json'), ...rulesFiles]);
  if (isBuildCurrent(outDir, digest)) {
    process.stdout.write('console: sources unchanged since the last build, not rebuilding\n');
    return;
  }
  const { build } = await import('vite');
  await build({ configFile: path.join(webDir, 'vite.config.ts') });
  recordBuild(outDir, digest);
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
