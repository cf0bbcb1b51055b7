// Once per run: a fresh database on the machine's PostgreSQL, migrated, dropped at the end.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, setRolePasswords } from '../src/platform/db/migrate.ts';
import { TEST_ENCRYPTION_KEY, testRolePasswords } from './env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A migrated database nobody connects to: scratch databases are copies of it (createScratchDatabase). */
    scratchTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `callcenter_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await migrate(databaseUrl);
  await setRolePasswords(databaseUrl, testRolePasswords(TEST_ENCRYPTION_KEY));
  // Copied before any test connects to the run's database (a template must have no session). A
  // copy takes a fraction of a second where creating and migrating a database takes several.
  const template = `${name}_template`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template} TEMPLATE ${name}`);
  project.provide('databaseUrl', databaseUrl);
  project.provide('scratchTemplate', template);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
