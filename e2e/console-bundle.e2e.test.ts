// The console is split by route: the first screen loads no script over the bundler's 500 kB warning
// and none of the pages it does not show (the IVR editor, the campaigns); they load when opened.
import { expect, it } from 'vitest';
import { apiTenantAdmin } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('loads small scripts for the first screen and each page when it is opened', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'bundle');
  const { context, page } = await openPage(env.browser);
  const scripts = new Map<string, number>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js'))
      void response.body().then((body) => scripts.set(url.pathname, body.length));
  });
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    const first = [...scripts.keys()];
    expect(first.length).toBeGreaterThan(1);
    for (const [path, size] of scripts) expect(size, path).toBeLessThan(500_000);
    expect(first.filter((path) => /ivr-menus|campaigns\.page/.test(path))).toEqual([]);

    await openMenu(page, 'Campaigns');
    await expect.poll(() => [...scripts.keys()].some((path) => path.includes('campaigns.page'))).toBe(true);
  } finally {
    await context.close();
  }
});
