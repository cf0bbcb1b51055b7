// Leads of a campaign in the console: a CSV file imported with a progress bar that moves as the
// batches commit, the counters, the refused rows downloaded, and the leads listed by status.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

/** 30,000 distinct mobiles (+ one of each refusal, a duplicate and a suppressed number), `;`-separated. */
function leadsFile(): string {
  const lines = ['nome;telefone;cidade'];
  for (let i = 0; i < 30_000; i++) lines.push(`Cliente ${i};(11) 9${String(6000_0000 + i).padStart(8, '0')};São Paulo`);
  lines.push('Sem número;;Campinas');
  lines.push('Letras;11 9ABCD-1234;Santos');
  lines.push('Estrangeiro;+1 212 555 1234;Nova York');
  lines.push('Repetido;11 96000-0000;São Paulo');
  lines.push('Bloqueado;(21) 99876-5432;Rio de Janeiro');
  return `${lines.join('\r\n')}\r\n`;
}

it('imports a CSV of leads with a moving progress bar, shows the counters, downloads the refused rows and lists the leads', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'lead-import');
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Vendas' } });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  await call(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Renovação', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2 },
  });
  await call(baseUrl, '/suppression', { method: 'POST', token: admin.token, body: { phone: '21 99876-5432' } });

  const { context, page } = await openPage(env.browser);
  // The realtime connections the page holds open: one, however many parts of it follow events.
  // socket.io-client multiplexes sockets over one WebSocket, so the Socket.IO connects are counted.
  let joins = 0;
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io')) return;
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) joins += 1;
    });
  });
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByRole('link', { name: 'Renovação' }).click();
    await page.getByRole('heading', { name: 'Renovação', level: 1 }).waitFor();
    await page.getByText('No leads yet: import a CSV file.').waitFor();

    // Every value the bar takes, seen from the page itself (the import may be quick).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('[data-testid="import-progress"] progress');
        if (bar?.hasAttribute('value')) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    await page.getByLabel('File').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(leadsFile()) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor({ timeout: 60_000 });
    const counts = Object.fromEntries(
      await Promise.all(
        ['total', 'valid', 'invalid', 'duplicates', 'imported', 'suppressed'].map(async (key) => [key, await summary.getByTestId(`count-${key}`).innerText()]),
      ),
    );
    expect(counts).toEqual({ total: '30,005', valid: '30,002', invalid: '3', duplicates: '1', imported: '30,001', suppressed: '1' });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 1)).toBe(true);
    // The campaign's own status and the import panel share one connection.
    expect(joins).toBe(1);

    // The refused rows as written, with the reason in the console's language (decision 0080).
    const [download] = await Promise.all([page.waitForEvent('download'), summary.getByRole('button', { name: 'Download refused rows' }).click()]);
    const rejected = await readFile((await download.path())!, 'utf8');
    expect(rejected.startsWith('\uFEFFnome,telefone,cidade,Rejection reason\r\n')).toBe(true);
    expect(rejected).toContain('Letras,11 9ABCD-1234,Santos,Phone has letters (line 30003)');
    expect(rejected).toContain('Repetido,11 96000-0000,São Paulo,Number repeated');
    expect(rejected.trim().split(/\r?\n/)).toHaveLength(5);

    const history = page.getByRole('table', { name: 'Imports' });
    await history.getByRole('row').filter({ hasText: 'leads.csv' }).getByText('Completed').waitFor();
    const leads = page.getByRole('table', { name: 'Leads' });
    await leads.getByTestId('lead-row').first().waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByText('1–50 of 30,001').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Do not call' });
    await leads.getByText('(21) 99876-5432').waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByText('1–1 of 1').waitFor();
    await page.getByTestId('leads-DO_NOT_CALL').getByText('1').waitFor();

    // The import made the draft ready; it starts from its own page (calling now or waiting for its
    // window, by the time of day in São Paulo).
    const status = page.getByTestId('campaign-status');
    await status.getByText('Ready').waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await status.getByText(/^(Running|Waiting for its calling window)$/).waitFor();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
  } finally {
    await context.close();
  }
});

it('imports a file Excel in pt-BR saved as Windows-1252 with a Celular column, and the history names the byte of a broken file (decisions 0065, 0066)', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'lead-latin1');
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Vendas' } });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  await call(baseUrl, '/campaigns', { method: 'POST', token: admin.token, body: { name: 'Cobrança', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2 } });
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByRole('link', { name: 'Cobrança' }).click();
    await page.getByText('No leads yet: import a CSV file.').waitFor();
    const latin1 = Buffer.from('Nome;Celular;Cidade\r\nJosé Conceição;11 91234-5678;São João\r\n', 'latin1');
    await page.getByLabel('File').setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: latin1 });
    // The mapping step read the Windows-1252 header and pre-checked the phone column by its name.
    const columns = page.getByTestId('phone-columns');
    expect(await columns.getByRole('checkbox', { name: 'Celular' }).isChecked()).toBe(true);
    expect(await columns.getByRole('checkbox', { name: 'Cidade' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-summary').getByTestId('count-imported').getByText('1').waitFor({ timeout: 60_000 });
    await page.getByRole('table', { name: 'Leads' }).getByText('José Conceição').waitFor();

    // UTF-8 (an "é" written right) broken later by a Windows-1252 byte: refused at that byte.
    const head = Buffer.from('Nome;Celular\r\nJosé;11 91234-0001\r\nJos');
    const broken = Buffer.concat([head, Buffer.from([0xe9]), Buffer.from(';11 91234-0002\r\n')]);
    await page.getByLabel('File').setInputFiles({ name: 'quebrado.csv', mimeType: 'text/csv', buffer: broken });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const row = page.getByRole('table', { name: 'Imports' }).getByRole('row').filter({ hasText: 'quebrado.csv' });
    await row.getByText(`(a wrong byte at byte ${head.length + 1})`, { exact: false }).waitFor({ timeout: 60_000 });
    expect(await row.innerText()).not.toContain('{{');
  } finally {
    await context.close();
  }
});

it('the mapping step: the user adds a phone column, puts it first from the keyboard, and the lead dials it (decision 0066)', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'lead-mapping');
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Vendas' } });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  await call(baseUrl, '/campaigns', { method: 'POST', token: admin.token, body: { name: 'Mapa', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2 } });
  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByRole('link', { name: 'Mapa' }).click();
    await page.getByText('No leads yet: import a CSV file.').waitFor();
    const file = Buffer.from('Nome,Contato principal,Celular\r\nAna,(21) 3456-7890,11 91234-5678\r\n');
    await page.getByLabel('File').setInputFiles({ name: 'mapa.csv', mimeType: 'text/csv', buffer: file });
    const columns = page.getByTestId('phone-columns');
    const order = columns.getByTestId('phone-column-order');
    expect(await order.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Celular')]);
    // From the keyboard: check "Contato principal", then move it above Celular.
    await columns.getByRole('checkbox', { name: 'Contato principal' }).focus();
    await page.keyboard.press('Space');
    await order.getByRole('button', { name: 'Move Contato principal up' }).focus();
    await page.keyboard.press('Enter');
    const items = await order.getByRole('listitem').allInnerTexts();
    expect(items.map((item) => item.split('Move')[0]!.trim())).toEqual(['Contato principal', 'Celular']);
    // No phone column at all: the import waits for one.
    await columns.getByRole('checkbox', { name: 'Contato principal' }).uncheck();
    await columns.getByRole('checkbox', { name: 'Celular' }).uncheck();
    await columns.getByText('Choose at least one phone column.').waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await columns.getByRole('checkbox', { name: 'Contato principal' }).check();
    await columns.getByRole('checkbox', { name: 'Celular' }).check();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-summary').getByTestId('count-imported').getByText('1').waitFor({ timeout: 60_000 });
    // The lead's number is the first chosen column's, shown in the national form.
    await page.getByRole('table', { name: 'Leads' }).getByText('(21) 3456-7890').waitFor();
  } finally {
    await context.close();
  }
});
