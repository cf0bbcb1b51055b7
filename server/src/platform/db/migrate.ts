// Forward-only SQL migrations: one file per change, applied in name order, each in its own
// transaction, under an advisory lock so several instances starting together apply each once.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Logger } from 'pino';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');
const LOCK_KEY = 0x63616c6c; // "call"

export interface MigrationResult {
  applied: string[];
}

export async function migrate(ownerUrl: string, log?: Pick<Logger, 'info'>): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Map(
      (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).rows.map(
        (row) => [row.name, row.checksum],
      ),
    );
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    const applied: string[] = [];
    for (const name of files) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = done.get(name);
      if (previous !== undefined) {
        // An applied migration is history: editing it would make databases disagree silently.
        if (previous !== checksum) throw new Error(`Migration ${name} was changed after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [name, checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
      log?.info({ migration: name }, 'migration applied');
    }
    return { applied };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/**
 * The application roles log in with passwords derived from ENCRYPTION_KEY, so every instance
 * that shares the key computes the same password and nothing extra has to be configured.
 */
export async function setRolePasswords(ownerUrl: string, passwords: Record<string, string>): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    for (const [role, password] of Object.entries(passwords)) {
      await client.query(`ALTER ROLE ${client.escapeIdentifier(role)} PASSWORD ${client.escapeLiteral(password)}`);
    }
  } finally {
    await client.end();
  }
}
