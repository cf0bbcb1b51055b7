// The README promises Node 20 (root package.json "engines"); npm only warns when an installed package
// needs a newer Node, and the code then breaks on a machine that trusted the README. This keeps the
// lockfile honest: every package npm installs must accept the oldest Node the project names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

describe('packages and the Node version the README names', () => {
  const projectRange = readJson<{ engines: { node: string } }>('package.json').engines.node;
  const oldestNode = semver.minVersion(projectRange)!.version;
  const locked = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json').packages;

  it('names Node 20 in the README and in package.json', () => {
    expect(semver.major(oldestNode)).toBe(20);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toMatch(/Node 20/);
  });

  it('installs no package that requires a newer Node', () => {
    const tooNew = Object.entries(locked)
      // Optional platform builds are skipped by npm when their engines do not match.
      .filter(([, pkg]) => !pkg.optional && pkg.engines && !Array.isArray(pkg.engines) && pkg.engines.node)
      .filter(([, pkg]) => !semver.satisfies(oldestNode, (pkg.engines as { node: string }).node))
      .map(([name, pkg]) => `${name}@${pkg.version}: node ${(pkg.engines as { node: string }).node}`);
    expect(tooNew).toEqual([]);
  });
});
