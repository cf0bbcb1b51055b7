// Sign-in failures: generic on wrong credentials, explicit (with the wait) once throttled.
import { expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { alertText, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

// Its own platform: throttling counts attempts per address, and every test browses from 127.0.0.1.
const env = useE2eEnvironment();

it('answers wrong passwords generically, then tells how long to wait once throttled', async () => {
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, env.platform.baseUrl, env.platform.platformAdmin.email, 'not-the-password');
    expect(await alertText(page)).toBe('Invalid e-mail or password.');

    let message = '';
    for (let attempt = 0; attempt < 10 && !message.startsWith('Too many'); attempt += 1) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible' });
      message = await alertText(page);
    }
    expect(message).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
    expect(page.url()).toMatch(/\/login$/);
  } finally {
    await context.close();
  }
});
