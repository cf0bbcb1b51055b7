// Sign-in failures: generic on wrong credentials, explicit (with the wait) once throttled.
import { request as httpRequest } from 'node:http';
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

it('in pt-BR, tells how long to wait in Portuguese; the owner from another address is not locked out by it', async () => {
  const { context, page } = await openPage(env.browser, 'pt-BR');
  try {
    await page.goto(`${env.platform.baseUrl}/login`);
    await page.getByLabel('E-mail').fill(env.platform.platformAdmin.email);
    await page.getByLabel('Senha').fill('nao-e-a-senha');
    let message = '';
    for (let attempt = 0; attempt < 10 && !message.startsWith('Muitas'); attempt += 1) {
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('button', { name: 'Entrar' }).waitFor({ state: 'visible' });
      message = await alertText(page);
    }
    expect(message).toMatch(/^Muitas tentativas\. Tente de novo em \d+ s\.$/);
  } finally {
    await context.close();
  }
  // The browser's address (127.0.0.1) is locked; the same account from another one signs in.
  const { email, password } = env.platform.platformAdmin;
  expect(await loginStatusFrom('127.0.0.2', `${env.platform.baseUrl}/auth/login`, { email, password })).toBe(200);
  expect(await loginStatusFrom('127.0.0.1', `${env.platform.baseUrl}/auth/login`, { email, password })).toBe(429);
});

/** A login from a chosen local address (the loopback network answers from any 127.x address). */
function loginStatusFrom(localAddress: string, url: string, body: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
