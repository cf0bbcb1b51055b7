// The real entry point, as `npm start` runs it: configuration refusal, the embedded database on a
// fresh DATA_DIR, the first platform admin from the environment, and a clean stop on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'callcenter-main-'));

function start(env: Record<string, string>): ChildProcess {
  const { DATABASE_URL: _d, REDIS_URL: _r, NODE_ENV: _n, ...inherited } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...inherited, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the listening URL from the structured log. */
async function listening(child: ChildProcess): Promise<string> {
  for await (const line of createInterface({ input: child.stdout! })) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    if (entry.msg === 'platform listening' && entry.url) return entry.url;
  }
  throw new Error('the platform exited before listening');
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('refuses production without JWT_SECRET and ENCRYPTION_KEY, naming both', async () => {
    const child = start({ NODE_ENV: 'production', DATA_DIR: dataDir });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(stderr).toContain('JWT_SECRET is required');
    expect(stderr).toContain('ENCRYPTION_KEY is required');
  });

  it.runIf(process.getuid?.() === 0)('as root under a private folder, stops at once with one sentence and no stack', async () => {
    // Like a project in /root (mode 0700): the `postgres` user embedded PostgreSQL runs as cannot enter it.
    const privateFolder = mkdtempSync(path.join(tmpdir(), 'callcenter-private-'));
    chmodSync(privateFolder, 0o700);
    const privateData = path.join(privateFolder, 'data');
    mkdirSync(privateData);
    try {
      const child = start({ DATA_DIR: privateData });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(1);
      const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
      expect(lines).toEqual([
        `The embedded PostgreSQL cannot start: as root it runs as the user "postgres", who cannot enter ${privateFolder}; ` +
          'run npm start as an ordinary user, move the project and DATA_DIR to a folder other users can enter (such as /srv or /opt), ' +
          'or set DATABASE_URL to a PostgreSQL server.',
      ]);
      expect(existsSync(path.join(privateData, 'postgres'))).toBe(false);
    } finally {
      rmSync(privateFolder, { recursive: true, force: true });
    }
  });

  it('starts on embedded defaults, creates the first platform admin, and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: dataDir, PLATFORM_ADMIN_EMAIL: 'Owner@Example.test', PLATFORM_ADMIN_PASSWORD: 'first-password-123' };
    const child = start(env);
    const url = await listening(child);
    expect(await (await fetch(`${url}/health/ready`)).json()).toEqual({ status: 'ok', database: { ok: true }, cache: { ok: true } });
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.test', password: 'first-password-123' }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ platformRole: 'platform_super_admin', mustChangePassword: false });
    expect(await stop(child)).toBe(0);
    const postmasterPid = path.join(dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(postmasterPid)).toBe(false);

    // A second start keeps the data and never changes the existing admin, whatever the environment says.
    const again = start({ ...env, PLATFORM_ADMIN_PASSWORD: 'another-password-456' });
    const secondUrl = await listening(again);
    const old = await fetch(`${secondUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.test', password: 'first-password-123' }),
    });
    expect(old.status).toBe(200);
    expect(await stop(again)).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'dev-secrets.json'), 'utf8'))).toHaveProperty('encryptionKey');
  });

  it('shows a generated admin password once at its creation and again under the ready box', { timeout: 120_000 }, async () => {
    const freshData = mkdtempSync(path.join(tmpdir(), 'callcenter-main-generated-'));
    try {
      const child = start({ DATA_DIR: freshData });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await expect.poll(() => output.lastIndexOf('└'), { timeout: 90_000 }).toBeGreaterThan(output.indexOf('Console:'));
      await expect.poll(() => output.split('password: ').length - 1, { timeout: 10_000 }).toBe(2);
      const password = /password: (\S+)/.exec(output)![1];
      // The last box on the screen is the password's, so the start-up lines cannot scroll it away.
      expect(output.lastIndexOf(`password: ${password}`)).toBeGreaterThan(output.indexOf('Console:'));
      expect(output.indexOf(`password: ${password}`)).toBeLessThan(output.indexOf('Console:'));
      expect(await stop(child)).toBe(0);
    } finally {
      rmSync(freshData, { recursive: true, force: true });
    }
  });
});
