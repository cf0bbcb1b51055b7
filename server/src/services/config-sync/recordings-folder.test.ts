import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prepareTenantRecordingsFolder, TENANT_RECORDINGS_MODE } from './recordings-folder.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'recordings-folder.ts')).href;

/** Runs a script of ES module code as another user (root only), with a umask like a service's. */
function runAs(uid: number, gid: number, code: string): { status: number | null; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `process.umask(0o027); ${code}`],
    {
      cwd: root,
      uid,
      gid,
      env: { PATH: process.env.PATH, HOME: tmpdir() },
      encoding: 'utf8',
    },
  );
  return { status: run.status, stderr: run.stderr };
}

describe('prepareTenantRecordingsFolder', () => {
  it('makes the tenant folder group-writable and setgid whatever the umask, and again after a change', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rec-'));
    const previous = process.umask(0o077);
    try {
      await prepareTenantRecordingsFolder(dir, 'tenant-1');
    } finally {
      process.umask(previous);
    }
    expect(statSync(path.join(dir, 'tenant-1')).mode & 0o7777).toBe(TENANT_RECORDINGS_MODE);
    chmodSync(path.join(dir, 'tenant-1'), 0o750);
    await prepareTenantRecordingsFolder(dir, 'tenant-1');
    expect(statSync(path.join(dir, 'tenant-1')).mode & 0o7777).toBe(0o2770);
  });

  // The operator doc's setup: the platform and FreeSWITCH are two users sharing a group, the
  // recordings folder is the platform's with mode 2775. Needs root to act as both users.
  it.skipIf(process.getuid?.() !== 0)(
    'lets a non-root platform user delete what the switch recorded into the folder it prepared',
    () => {
      const [platform, freeswitch, group] = [40_001, 40_002, 40_000];
      const scratch = mkdtempSync(path.join(tmpdir(), 'rec-users-'));
      chmodSync(scratch, 0o755);
      const recordings = path.join(scratch, 'recordings');
      spawnSync('install', ['-d', '-o', String(platform), '-g', String(group), '-m', '2775', recordings]);
      chownSync(recordings, platform, group);

      const prepared = runAs(
        platform,
        platform,
        `const m = await import(${JSON.stringify(moduleUrl)}); await m.prepareTenantRecordingsFolder(${JSON.stringify(recordings)}, 'acme');`,
      );
      expect(prepared.status, prepared.stderr).toBe(0);
      const file = path.join(recordings, 'acme', 'call-1.wav');
      // FreeSWITCH records with its own umask (0640), as its own user in the shared group.
      const recorded = runAs(
        freeswitch,
        group,
        `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(file)}, 'RIFF');`,
      );
      expect(recorded.status, recorded.stderr).toBe(0);
      expect(statSync(file).gid).toBe(group);

      const removed = runAs(
        platform,
        platform,
        `import { rmSync } from 'node:fs'; rmSync(${JSON.stringify(file)});`,
      );
      expect(removed.status, removed.stderr).toBe(0);
      expect(existsSync(file)).toBe(false);
    },
  );
});
