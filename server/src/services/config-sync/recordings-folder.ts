// A tenant's folder of queue recordings, made by the platform before the switch records into it.
// Left to FreeSWITCH it is created with the switch's umask (0750, owner freeswitch): the platform,
// in the shared group only, could then read the files but never delete them once collected, and
// they piled up. Created here it is the platform's, group-writable so the switch can write into
// it, and setgid so every file keeps the shared group of the recordings folder.
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

export const TENANT_RECORDINGS_MODE = 0o2770;

export async function prepareTenantRecordingsFolder(recordingsDir: string, tenantId: string): Promise<void> {
  const folder = path.join(recordingsDir, tenantId);
  await mkdir(folder, { recursive: true });
  const { mode, uid } = await stat(folder);
  // mkdir's mode passes through the umask; only the owner may chmod (a folder the switch made
  // earlier stays as it is: the operator fixes it once, as docs/freeswitch.md says).
  if ((mode & 0o7777) !== TENANT_RECORDINGS_MODE && uid === process.getuid?.())
    await chmod(folder, TENANT_RECORDINGS_MODE);
}
