import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestPlatform, type TestPlatform, type TestPlatformOptions } from '../../server/test/platform.ts';
import { launchBrowser } from './browser.ts';

export interface E2eEnvironment {
  platform: TestPlatform;
  browser: Browser;
}

/**
 * A platform and a Chromium of the calling test file's own, filled in before its tests run;
 * `withSwitch` puts the switch simulator behind the platform.
 */
export function useE2eEnvironment(options: TestPlatformOptions = {}): E2eEnvironment {
  const env = {} as Partial<E2eEnvironment>;
  beforeAll(async () => {
    [env.platform, env.browser] = await Promise.all([startTestPlatform(options), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.platform?.stop();
  });
  return env as E2eEnvironment;
}
