import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, recordBuild, sourcesDigest } from './build-if-changed.ts';

describe('building the console only when its sources changed', () => {
  let webDir: string;
  let outDir: string;
  let lockfile: string;

  beforeEach(() => {
    const root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
    webDir = path.join(root, 'web');
    outDir = path.join(webDir, 'dist');
    lockfile = path.join(root, 'package-lock.json');
    mkdirSync(path.join(webDir, 'src', 'app'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<div id="root"></div>');
    writeFileSync(path.join(webDir, 'src', 'app', 'main.tsx'), 'export const a = 1;');
    writeFileSync(lockfile, '{"lockfileVersion":3}');
  });
  afterEach(() => rmSync(path.dirname(webDir), { recursive: true, force: true }));

  const digest = () => sourcesDigest(webDir, [lockfile]);
  const build = () => {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'index.html'), '<built>');
    recordBuild(outDir, digest());
  };

  it('needs a build when there is no output yet', () => {
    expect(isBuildCurrent(outDir, digest())).toBe(false);
  });

  it('keeps the build while nothing changed, the output itself and installed packages included', () => {
    build();
    writeFileSync(path.join(outDir, 'assets.js'), 'changed output');
    mkdirSync(path.join(webDir, 'node_modules', 'x'), { recursive: true });
    writeFileSync(path.join(webDir, 'node_modules', 'x', 'index.js'), '1');
    expect(isBuildCurrent(outDir, digest())).toBe(true);
  });

  it('rebuilds after a source edit, a new file, a renamed file or a new lockfile', () => {
    build();
    writeFileSync(path.join(webDir, 'src', 'app', 'main.tsx'), 'export const a = 2;');
    expect(isBuildCurrent(outDir, digest())).toBe(false);

    build();
    writeFileSync(path.join(webDir, 'src', 'app', 'extra.ts'), '');
    expect(isBuildCurrent(outDir, digest())).toBe(false);

    build();
    rmSync(path.join(webDir, 'src', 'app', 'extra.ts'));
    writeFileSync(path.join(webDir, 'src', 'app', 'other.ts'), '');
    expect(isBuildCurrent(outDir, digest())).toBe(false);

    build();
    writeFileSync(lockfile, '{"lockfileVersion":3,"packages":{}}');
    expect(isBuildCurrent(outDir, digest())).toBe(false);
  });

  it('rebuilds when the output lost its page even if the stamp survived', () => {
    build();
    rmSync(path.join(outDir, 'index.html'));
    expect(isBuildCurrent(outDir, digest())).toBe(false);
  });
});
