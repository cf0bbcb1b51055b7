// The reports on the built-in switch: two callers ring a queue, one is answered by the agent's phone
// and one hangs up waiting. A supervisor opens the queue report, sees the chart (and its numbers as a
// table), exports the CSV in English and in Portuguese, and the files' numbers are the table's; the
// XLSX downloads too; the headline tiles read the totals row's numbers, the wide table scrolls in its
// own region with the name column in view; the page passes axe. The agent report shows the agent's
// state time as a chart and a table, and the day's first login and last logout. The home leads to the dashboard,
// which follows the second caller live. The agent sees only "My report", with their own numbers. A
// dialed lead shows in the campaign report.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiLogin, apiTakeOver, apiTenantAdmin, call, type TenantAdmin } from './support/api.ts';
import { expectAccessible } from './support/accessibility.ts';
import { openPage } from './support/browser.ts';
import { menuEntries, openMenu, signIn, waitForLoaded } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';
import { apiAgent } from './support/people.ts';
import { ALL_WEEK, answeringDialer, registerAgentPhone } from './support/dialer.ts';

// Dialed customers answer after a second and talk for two.
const env = useE2eEnvironment({ withSwitch: true, dialer: answeringDialer(2) });

/** A supervisor-role member of the tenant, ready to sign in. */
async function apiSupervisor(baseUrl: string, admin: TenantAdmin) {
  const email = `supervisor-${Date.now().toString(36)}@example.test`;
  const invited = await call<{ password: string }>(baseUrl, '/users', { method: 'POST', token: admin.token, body: { email, role: 'supervisor' } });
  const password = 'supervisor-secret-password-7';
  await apiTakeOver(baseUrl, { email, generatedPassword: invited.password, newPassword: password, tenantId: admin.tenantId });
  return { email, password };
}

interface QueueTotals {
  totals: { offered: number; answered: number; abandoned: number };
}

/** The table's cells, row by row, as the page shows them. */
const tableCells = (page: Page) =>
  page.getByTestId('report-table').evaluate((table: HTMLTableElement) =>
    Array.from(table.rows, (row) => Array.from(row.cells).map((cell) => (cell.textContent ?? '').trim())),
  );

/** Each summary tile's value whose label is a column of the table, and that column's totals cell. */
async function tilesAgainstTotals(page: Page) {
  const table = await tableCells(page);
  const header = table[0]!;
  const totals = table.at(-1)!;
  const tiles = await page.getByTestId('summary-tiles').evaluate((list) =>
    Array.from(list.querySelectorAll('.summary-tile'), (tile) => [tile.querySelector('dt')!.textContent!.trim(), tile.querySelector('.summary-value')!.textContent!.trim()]),
  );
  expect(tiles.length).toBeGreaterThanOrEqual(5);
  return tiles.map(([label, value]) => ({ label, tile: value, table: totals[header.indexOf(label!)] }));
}

/** A page whose script errors (a chart that throws) are kept, to be found empty at the end. */
async function openWatchedPage() {
  const opened = await openPage(env.browser);
  const errors: string[] = [];
  opened.page.on('pageerror', (error) => errors.push(error.message));
  return { ...opened, errors };
}

/** Clicks an export button and reads the downloaded file. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

it('a supervisor reads the queue report, its chart and its table, and the CSV export has the table numbers', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'reports');
  const agent = await apiAgent(baseUrl, admin, { name: 'Dani', queues: ['Suporte'] });
  const queueId = agent.queueIds[0]!;
  // No abandon is "short" here, so the caller who hangs up counts in the abandon rate.
  await call(baseUrl, `/queues/${queueId}`, { method: 'PATCH', token: admin.token, body: { shortAbandonSeconds: 0 } });
  const did = `55114${String(Date.now()).slice(-7)}`;
  const platformToken = await apiLogin(baseUrl, platformAdmin.email, platformAdmin.password);
  await call(baseUrl, `/tenants/${admin.tenantId}/numbers`, { method: 'POST', token: platformToken, body: { number: did } });
  await call(baseUrl, '/inbound-routes', { method: 'POST', token: admin.token, body: { didNumber: did, destinationType: 'QUEUE', destinationNumber: queueId } });
  const phone = await registerAgentPhone(env.platform, admin.token, agent.extensionNumber);
  simulator().control.phone(phone.number, phone.domain, { autoAnswerMs: 200 });
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });
  const supervisor = await apiSupervisor(baseUrl, admin);

  /** A caller on the DID until one joins the queue (the route reaches the switch with the next sync). */
  const callIn = async (caller: string) => {
    let uuid = '';
    await expect
      .poll(
        async () => {
          if (uuid) simulator().control.hangup(uuid);
          uuid = simulator().control.inbound({ did, callerIdNumber: caller, callerIdName: 'Cliente' });
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return simulator().control.core.channel(uuid)?.vars.get('cc_queue') !== undefined;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    return uuid;
  };
  const queueReport = () => call<QueueTotals>(baseUrl, `/reports/queues?preset=today&queueId=${queueId}`, { token: admin.token });

  const agentState = async () => (await call<{ state: string }>(baseUrl, '/agents/me', { token: agent.token })).state;

  // The first caller is answered by the agent's phone, talks a moment and hangs up.
  const answered = await callIn('+5511987650001');
  await expect.poll(agentState, { timeout: 15_000 }).toBe('IN_CALL');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  simulator().control.hangup(answered);
  await expect.poll(async () => (await queueReport()).totals.answered, { timeout: 15_000 }).toBe(1);
  // The agent finishes and leaves; the second caller waits with nobody to answer, then hangs up.
  await expect.poll(agentState, { timeout: 15_000 }).toMatch(/^(WRAP_UP|AVAILABLE)$/);
  if ((await agentState()) === 'WRAP_UP') await call(baseUrl, '/agents/me/end-wrap-up', { method: 'POST', token: agent.token });
  await call(baseUrl, '/agents/me/logout', { method: 'POST', token: agent.token });

  // Meanwhile the supervisor watches the dashboard: it follows the calls live, well within its
  // fallback poll (60 s while live), from the realtime events.
  const board = await openWatchedPage();
  try {
    await signIn(board.page, baseUrl, supervisor.email, supervisor.password, { landing: true });
    // The home shows a holder of reports.view today's numbers and the way to the dashboard.
    const today = board.page.getByRole('region', { name: 'Today in numbers' });
    await expect.poll(() => today.getByTestId('home-today-answered').locator('dd').innerText()).toBe('1');
    await expectAccessible(board.page, "the supervisor's home");
    await today.getByRole('link', { name: 'Open the dashboard' }).click();
    await board.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await board.page.getByRole('status').getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    const tile = (name: string) => board.page.getByTestId(`tile-${name}`).locator('dd');
    await expect.poll(() => tile('answered').innerText()).toBe('1');
    expect(await tile('waiting').innerText()).toBe('0');
    const abandoned = await callIn('+5511987650002');
    await expect.poll(() => tile('waiting').innerText(), { timeout: 8_000 }).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    simulator().control.hangup(abandoned);
    await expect.poll(() => tile('abandoned').innerText(), { timeout: 8_000 }).toBe('1');
    expect(await tile('waiting').innerText()).toBe('0');
    // Today's abandon rate against the queue's 5 % limit, in words as well as colour.
    const abandonRate = board.page.getByTestId('tile-abandon-rate');
    await expect.poll(() => abandonRate.getAttribute('data-target'), { timeout: 8_000 }).toBe('missed');
    expect(await abandonRate.locator('.tile-target').innerText()).toBe('⚠ Above the limit of 5.0%');
    await expectAccessible(board.page, 'the dashboard');
    expect(board.errors).toEqual([]);
  } finally {
    await board.context.close();
  }
  await expect.poll(async () => (await queueReport()).totals, { timeout: 15_000 }).toMatchObject({ offered: 2, answered: 1, abandoned: 1 });

  const en = await openWatchedPage();
  try {
    await signIn(en.page, baseUrl, supervisor.email, supervisor.password);
    await openMenu(en.page, 'Queue report');
    await waitForLoaded(en.page);
    expect(en.page.url()).not.toContain('?');

    // The calls chart is drawn, and its numbers are there as a table: one answered, one abandoned.
    const chart = en.page.getByTestId('chart-queue-calls');
    await chart.locator('canvas').first().waitFor();
    await chart.getByText('Chart data').click();
    const chartRows = await chart.locator('details table tbody tr').evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells).map((cell) => (cell.textContent ?? '').trim())),
    );
    const sums = chartRows.reduce((sum, row) => [sum[0]! + Number(row[1]), sum[1]! + Number(row[2])], [0, 0]);
    expect(sums).toEqual([1, 1]);
    // The rates chart draws the queue's targets.
    await en.page.getByTestId('chart-queue-rates').getByText('Chart data').click();
    await expect.poll(() => en.page.getByTestId('chart-queue-rates').locator('details thead th').allTextContents()).toContain('Service level target');
    await expectAccessible(en.page, 'the queue report');

    // Filtering to the queue goes into the URL, and the page reads it back.
    await en.page.getByLabel('Queue', { exact: true }).selectOption({ label: 'Suporte' });
    await en.page.getByRole('button', { name: 'Show report' }).click();
    await expect.poll(() => new URL(en.page.url()).searchParams.get('queueId')).toBe(queueId);
    await en.page.reload();
    await en.page.getByRole('heading', { level: 1, name: 'Queue report' }).waitFor();
    await expect.poll(() => en.page.getByLabel('Queue', { exact: true }).inputValue()).toBe(queueId);
    await waitForLoaded(en.page);

    // A custom period of today, in the tenant's zone, reads the same numbers.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now());
    await en.page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom dates' });
    expect(await en.page.getByLabel('First day').inputValue()).toBe(today);
    await en.page.getByLabel('Last day (included)').fill(today);
    await en.page.getByRole('button', { name: 'Show report' }).click();
    await expect.poll(() => new URL(en.page.url()).search).toBe(`?period=custom&from=${today}&to=${today}&queueId=${queueId}`);
    await en.page.getByTestId('report-period').getByText(/to \d+\/\d+\/\d+, 12:00:00 AM \(America\/Sao_Paulo\), by hour/).waitFor();
    await waitForLoaded(en.page);

    const table = await tableCells(en.page);
    const header = table[0]!;
    const suporte = table.find((row) => row[0] === 'Suporte')!;
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    expect(cell(suporte, 'Offered')).toBe('2');
    expect(cell(suporte, 'Answered')).toBe('1');
    expect(cell(suporte, 'Abandoned')).toBe('1');
    expect(cell(suporte, 'Abandon rate')).toBe('50.0%');
    expect(table.at(-1)![0]).toBe('Total');

    // The tiles open the report with the totals row's numbers; the abandon rate (50 %) misses the
    // queue's 5 % in words and an icon, not in colour alone.
    for (const { label, tile, table: cellText } of await tilesAgainstTotals(en.page)) expect(tile, label).toBe(cellText);
    const abandonTile = en.page.getByTestId('summary-abandonRate');
    expect(await abandonTile.getAttribute('data-target')).toBe('missed');
    expect(await abandonTile.locator('.summary-target').innerText()).toBe('⚠ Above the limit of 5.0%');

    // A narrow window: the wide table scrolls inside its own region, by keyboard, the queue's name
    // column staying in view, and the page itself never scrolls sideways.
    await en.page.setViewportSize({ width: 900, height: 800 });
    const region = en.page.getByRole('region', { name: 'Queues (scrolls sideways)' });
    const widths = () => region.evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth, left: box.scrollLeft }));
    expect((await widths()).scroll).toBeGreaterThan((await widths()).client);
    await region.focus();
    for (let step = 0; step < 5; step++) await en.page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await widths()).left).toBeGreaterThan(0);
    await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    const edge = await region.evaluate((box) => {
      const table = box.querySelector('table')!;
      const frame = box.getBoundingClientRect();
      const first = table.rows[1]!.cells[0]!.getBoundingClientRect();
      const last = table.rows[0]!.cells[table.rows[0]!.cells.length - 1]!.getBoundingClientRect();
      return { firstLeft: first.left - frame.left, lastRight: frame.right - last.right, pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
    });
    expect(Math.abs(edge.firstLeft)).toBeLessThan(2);
    expect(edge.lastRight).toBeGreaterThanOrEqual(-1);
    expect(edge.pageOverflow).toBeLessThanOrEqual(0);
    await en.page.setViewportSize({ width: 1400, height: 900 });

    // The CSV: a BOM, commas in English, the same headers and rows, numbers as the table shows them.
    const csv = await download(en.page, 'Export CSV');
    expect(csv.name).toMatch(/^queues-report-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n').map((line) => line.split(','));
    expect(lines[0]).toEqual(header);
    expect(lines).toHaveLength(table.length);
    const csvRow = lines.find((line) => line[0] === 'Suporte')!;
    for (const name of ['Offered', 'Answered', 'Abandoned', 'Short abandons']) expect(cell(csvRow, name), name).toBe(cell(suporte, name));
    expect(`${(Number(cell(csvRow, 'Abandon rate')) * 100).toFixed(1)}%`).toBe(cell(suporte, 'Abandon rate'));
    // Durations are seconds in the file, the same seconds on screen.
    const wait = Number(cell(csvRow, 'Average wait'));
    expect(Number.isInteger(wait)).toBe(true);
    expect(cell(suporte, 'Average wait')).toEqual(wait < 60 ? `${wait} s` : expect.stringContaining('min'));

    // The XLSX is a workbook (a zip), loaded on the click.
    const xlsx = await download(en.page, 'Export XLSX');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // The same report in Portuguese: semicolons and a decimal comma, headers translated.
    await en.page.getByLabel('Language').selectOption('pt-BR');
    await en.page.getByRole('heading', { level: 1, name: 'Relatório de filas' }).waitFor();
    const ptTable = await tableCells(en.page);
    const ptCsv = (await download(en.page, 'Exportar CSV')).bytes.toString('utf8').slice(1);
    const ptLines = ptCsv.trim().split('\r\n').map((line) => line.split(';'));
    expect(ptLines[0]).toEqual(ptTable[0]);
    const rate = ptLines[0]!.indexOf('Taxa de abandono');
    expect(ptLines.find((line) => line[0] === 'Suporte')![rate]).toBe('0,5');
    expect(ptTable.find((row) => row[0] === 'Suporte')![rate]).toBe('50,0%');
    // The tiles in Portuguese: the totals' numbers and the missed limit in words.
    for (const { label, tile, table: cellText } of await tilesAgainstTotals(en.page)) expect(tile, label).toBe(cellText);
    expect(await en.page.getByTestId('summary-abandonRate').locator('.summary-target').innerText()).toBe('⚠ Acima do limite de 5,0%');

    // Usage: the month's calls against the plan's limit, as numbers and a bar (never money).
    const usage = await call<{ meters: { calls: { used: number; limit: number | null } } }>(baseUrl, '/reports/consumo', { token: admin.token });
    await en.page.getByLabel('Idioma').selectOption('en');

    // The agent report: Dani's time per state drawn, its numbers as a table; the row's answered
    // call as the API counts it; the day's first login and last logout; the tiles on the totals.
    const agents = await call<{ agents: Array<{ name: string; metrics: { answered: number } }> }>(baseUrl, '/reports/agents?preset=today', { token: admin.token });
    expect(agents.agents.find((line) => line.name === 'Dani')?.metrics.answered).toBe(1);
    await openMenu(en.page, 'Agent report');
    await en.page.getByRole('heading', { level: 1, name: 'Agent report' }).waitFor();
    await waitForLoaded(en.page);
    const states = en.page.getByTestId('chart-agent-states');
    await states.locator('canvas').first().waitFor();
    await states.getByText('Chart data').click();
    const stateRows = await states.locator('details table tbody tr').evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells).map((cell) => (cell.textContent ?? '').trim())),
    );
    expect(stateRows.map((row) => row[0])).toContain('Dani');
    const agentTable = await tableCells(en.page);
    const dani = agentTable.find((row) => row[0] === 'Dani')!;
    expect(dani[agentTable[0]!.indexOf('Answered')]).toBe('1');
    for (const { label, tile, table: cellText } of await tilesAgainstTotals(en.page)) expect(tile, label).toBe(cellText);
    const days = en.page.getByRole('region', { name: 'First login and last logout per day' });
    await days.getByRole('row', { name: /Dani/ }).waitFor();
    await expectAccessible(en.page, 'the agent report');

    await openMenu(en.page, 'Usage');
    const calls = en.page.getByTestId('meter-calls');
    expect(usage.meters.calls.limit).not.toBeNull();
    await calls.getByText(`${usage.meters.calls.used} of ${usage.meters.calls.limit!.toLocaleString('en')}`).waitFor();
    expect(await calls.getByRole('meter').getAttribute('aria-valuenow')).toBe(String(usage.meters.calls.used));
    await expectAccessible(en.page, 'the usage page');
    expect(en.errors).toEqual([]);
  } finally {
    await en.context.close();
  }

  // The agent has no reports.view: only "My report", with their own row.
  const desk = await openWatchedPage();
  try {
    await signIn(desk.page, baseUrl, agent.email, agent.password);
    await desk.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My report' }).waitFor();
    expect(await menuEntries(desk.page)).not.toContain('Queue report');
    await openMenu(desk.page, 'My report');
    await waitForLoaded(desk.page);
    const rows = await tableCells(desk.page);
    expect(rows.map((row) => row[0])).toEqual(['Agent', 'Dani', 'Total']);
    expect(rows[1]![rows[0]!.indexOf('Answered')]).toBe('1');
    for (const { label, tile, table: cellText } of await tilesAgainstTotals(desk.page)) expect(tile, label).toBe(cellText);
    await expectAccessible(desk.page, "the agent's own report");
    expect(desk.errors).toEqual([]);
  } finally {
    await desk.context.close();
  }
});

it('the campaign report funnels the dialed lead to the agent, chart and table alike', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const simulator = env.platform.simulator!;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'reports-campaign');
  const agent = await apiAgent(baseUrl, admin, { name: 'Caio', queues: ['Cobrança'] });
  const phone = await registerAgentPhone(env.platform, admin.token, agent.extensionNumber);
  simulator().control.phone(phone.number, phone.domain, { autoAnswerMs: 300 });
  await call(baseUrl, '/agents/me/login', { method: 'POST', token: agent.token });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Renegociação', queueId: agent.queueIds[0], trunkId: trunk.id, pacingMin: 1, pacingMax: 2, timezone: 'America/Sao_Paulo', schedule: ALL_WEEK, abandonAfterSeconds: 30 },
  });
  const form = new FormData();
  form.append('file', new Blob(['telefone;nome\n11 91234-5678;José\n'], { type: 'text/csv' }), 'leads.csv');
  const imported = await fetch(`${baseUrl}/campaigns/${campaign.id}/leads/import`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
  expect(imported.status).toBeLessThan(300);
  await call(baseUrl, `/campaigns/${campaign.id}/start`, { method: 'POST', token: admin.token });
  const report = () => call<{ totals: { attempts: number; connected: number } }>(baseUrl, '/reports/campaigns?preset=today', { token: admin.token });
  await expect.poll(async () => (await report()).totals, { timeout: 40_000, interval: 500 }).toMatchObject({ attempts: 1, connected: 1 });

  const { context, page, errors } = await openWatchedPage();
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaign report');
    await waitForLoaded(page);
    const funnel = page.getByTestId('chart-campaign-funnel');
    await funnel.locator('canvas').first().waitFor();
    await funnel.getByText('Chart data').click();
    const steps = await funnel.locator('details tbody tr').evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells).map((cell) => (cell.textContent ?? '').trim())),
    );
    expect(steps).toEqual([
      ['Leads', '1'],
      ['Attempts', '1'],
      ['Answered', '1'],
      ['Connected to an agent', '1'],
      ['Dispositions', '0'],
    ]);
    const table = await tableCells(page);
    const header = table[0]!;
    const row = table.find((cells) => cells[0] === 'Renegociação')!;
    expect(row[header.indexOf('Attempts')]).toBe('1');
    expect(row[header.indexOf('Connected to an agent')]).toBe('1');
    expect(row[header.indexOf('Connect rate')]).toBe('100.0%');
    const tiles = await tilesAgainstTotals(page);
    expect(tiles.map(({ label }) => label)).toEqual(['Attempts', 'Contact rate', 'Connect rate', 'Abandon rate', 'Conversions']);
    for (const { label, tile, table: cellText } of tiles) expect(tile, label).toBe(cellText);
    expect(await page.getByTestId('summary-attempts').locator('.summary-value').innerText()).toBe('1');
    await expectAccessible(page, 'the campaign report');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
