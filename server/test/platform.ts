// A real platform for browser tests: the HTTP server on a random loopback port, serving the built
// console, on the run's database, with a fresh platform super admin whose password need not change.
import { WEB_DIST_DIR } from '../src/runtime.ts';
import { createPlatformAdmin, startTestApp } from './harness.ts';

export interface TestPlatform {
  baseUrl: string;
  platformAdmin: { email: string; password: string };
  stop(): Promise<void>;
}

export async function startTestPlatform(): Promise<TestPlatform> {
  // E2E_WEB_DIST_DIR lets parallel work test its own build without overwriting web/dist.
  const t = await startTestApp({ webDistDir: process.env.E2E_WEB_DIST_DIR ?? WEB_DIST_DIR });
  const admin = await createPlatformAdmin(t.db);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl, platformAdmin: { email: admin.email, password: admin.password }, stop: () => t.close() };
}
