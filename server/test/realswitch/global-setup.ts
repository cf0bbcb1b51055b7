// The real-switch group runs only where a real FreeSWITCH is built (scripts/build-real-switch.sh):
// elsewhere it says so plainly and its tests are skipped. CI builds it first and names it in
// REAL_SWITCH_PREFIX, which then must hold a build (a missing one fails instead of skipping).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built switch's install prefix, or '' when it is not built here. */
    realSwitchPrefix: string;
  }
}

export const NOT_BUILT =
  'real switch: not built on this machine, so the real-switch tests are SKIPPED (scripts/build-real-switch.sh builds it once, as root)';

export default function setup(project: TestProject): void {
  const named = process.env.REAL_SWITCH_PREFIX;
  if (named) {
    if (!existsSync(path.join(named, '.built')))
      throw new Error(`REAL_SWITCH_PREFIX=${named} holds no built switch`);
    project.provide('realSwitchPrefix', named);
    return;
  }
  const script = path.resolve(import.meta.dirname, '../../../scripts/build-real-switch.sh');
  const check = spawnSync('bash', [script, '--check'], { encoding: 'utf8' });
  const prefix = check.status === 0 ? check.stdout.trim().split('\n').pop()! : '';
  if (!prefix) console.warn(`\n${NOT_BUILT}\n`);
  project.provide('realSwitchPrefix', prefix);
}
