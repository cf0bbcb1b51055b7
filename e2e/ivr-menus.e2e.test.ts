// A tenant admin builds an IVR menu in the visual editor: options placed by the column layout,
// a dragged node that stays where it was left, the server's refusals, and the prompt's audio.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { tinyWav } from '../server/src/modules/ivr-menus/wav.test-support.ts';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, row, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

interface StoredMenu {
  id: string;
  name: string;
  greeting: string;
  hasPrompt: boolean;
  entryPositionX: number | null;
  entryPositionY: number | null;
  options: { digit: string; targetExtension: string; positionX: number | null; positionY: number | null }[];
}

/** Where React Flow draws a node, in the diagram's own coordinates (its translate). */
async function flowPosition(node: Locator): Promise<{ x: number; y: number }> {
  const transform = await node.evaluate((element) => (element as HTMLElement).style.transform);
  const match = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform);
  if (!match) throw new Error(`no position in "${transform}"`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

async function zoomOf(page: Page): Promise<number> {
  const transform = await page
    .locator('.react-flow__viewport')
    .evaluate((element) => (element as HTMLElement).style.transform);
  return Number(/scale\(([\d.]+)\)/.exec(transform)?.[1] ?? 'NaN');
}

async function box(node: Locator) {
  const found = await node.boundingBox();
  if (!found) throw new Error('node not visible');
  return found;
}

it('a tenant admin lays out, saves and voices an IVR menu', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'ivr');
  for (const [number, callerId] of [
    ['101', 'Vendas'],
    ['102', 'Suporte'],
  ]) {
    await call(baseUrl, '/extensions', { method: 'POST', token: admin.token, body: { number, callerId } });
  }
  const stored = async () => {
    const [menu] = await call<StoredMenu[]>(baseUrl, '/ivr-menus', { token: admin.token });
    return call<StoredMenu>(baseUrl, `/ivr-menus/${menu!.id}`, { token: admin.token });
  };
  const files = mkdtempSync(path.join(tmpdir(), 'ivr-e2e-'));
  const wav = tinyWav(800);
  const wavFile = path.join(files, 'boas-vindas.wav');
  const fakeFile = path.join(files, 'not-audio.wav');
  writeFileSync(wavFile, wav);
  writeFileSync(fakeFile, 'only text that pretends to be a WAV file, long enough to fill a header');

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    await openMenu(page, 'IVR menus');
    await page.getByText('No IVR menus yet.').waitFor();

    // Creating opens the editor: one entry node, no options yet.
    await page.getByRole('button', { name: 'New IVR menu' }).click();
    const createForm = page.getByRole('form', { name: 'Create IVR menu' });
    await createForm.getByLabel('Name').fill('Atendimento Geral');
    await createForm.getByRole('button', { name: 'Create IVR menu' }).click();
    await page.getByRole('heading', { level: 2, name: 'Atendimento Geral' }).waitFor();
    const canvas = page.getByRole('region', { name: 'Menu diagram' });
    const entry = canvas.getByRole('group', { name: 'Menu entry: Atendimento Geral' });
    await entry.waitFor();
    // No library badge in the corner of the console's own diagram (the canvas is drawn by now).
    expect(await canvas.locator('.react-flow__renderer').count()).toBe(1);
    expect(await canvas.locator('.react-flow__attribution').count()).toBe(0);
    expect(await entry.innerText()).toContain('atendimento-geral');
    expect(await canvas.getByRole('group', { name: /^Option/ }).count()).toBe(0);

    // Options through the side panel; the canvas follows.
    await page.getByRole('button', { name: 'Add option' }).click();
    let optionForm = page.getByRole('form', { name: 'New option' });
    expect(await optionForm.getByLabel('Key').inputValue()).toBe('1');
    expect(await optionForm.getByLabel('Destination').inputValue()).toBe('EXTENSION');
    await optionForm.getByLabel('Extension', { exact: true }).selectOption({ label: 'Extension 101 — Vendas' });
    await optionForm.getByLabel('Label').fill('Vendas');
    await optionForm.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Add option' }).click();
    optionForm = page.getByRole('form', { name: 'New option' });
    expect(await optionForm.getByLabel('Key').inputValue()).toBe('2');
    await optionForm.getByLabel('Extension', { exact: true }).selectOption({ label: 'Extension 102 — Suporte' });
    await optionForm.getByRole('button', { name: 'Add', exact: true }).click();
    const optionOne = canvas.getByRole('group', { name: 'Option 1: Extension 101 — Vendas' });
    const optionTwo = canvas.getByRole('group', { name: 'Option 2: Extension 102 — Suporte' });
    await optionTwo.waitFor();
    // One edge per option, and one to where callers go once their tries ran out (hang up, by default).
    expect(await canvas.locator('.react-flow__edge').count()).toBe(3);
    expect(await canvas.locator('.react-flow__edge-text').allTextContents()).toEqual(['1', '2', '✕']);
    await canvas.getByRole('group', { name: 'After 3 failed tries the caller goes to Hang up' }).waitFor();

    // The column layout: options right of the entry, stacked in digit order, in one column.
    expect(await flowPosition(optionOne)).toEqual({ x: 340, y: 0 });
    expect(await flowPosition(optionTwo)).toEqual({ x: 340, y: 110 });
    await expect
      .poll(async () => {
        const [e, one, two] = [await box(entry), await box(optionOne), await box(optionTwo)];
        return one.x > e.x + e.width && Math.abs(one.x - two.x) < 1 && two.y >= one.y + one.height;
      })
      .toBe(true);

    // Drag option 2 down and to the left, away from the edges where the canvas would pan.
    const zoom = await zoomOf(page);
    const start = await box(optionTwo);
    const from = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // The first move only starts the drag (React Flow's threshold); the node follows from there.
    await page.mouse.move(from.x - 2, from.y + 2);
    await page.mouse.move(from.x - 102, from.y + 92, { steps: 10 });
    await page.mouse.up();
    const dragged = await flowPosition(optionTwo);
    expect(Math.abs(dragged.x - (340 - 100 / zoom))).toBeLessThanOrEqual(2);
    expect(Math.abs(dragged.y - (110 + 90 / zoom))).toBeLessThanOrEqual(2);
    await page.getByText('Unsaved changes').waitFor();

    await page.getByRole('button', { name: 'Save menu' }).click();
    await page.getByText('Menu saved.').waitFor();
    const menu = await stored();
    expect(menu.options.map((option) => [option.digit, option.targetExtension])).toEqual([
      ['1', '101'],
      ['2', '102'],
    ]);
    // Only the node the user placed is stored; the others keep following the automatic layout.
    expect(menu.options[1]).toMatchObject({ positionX: dragged.x, positionY: dragged.y });
    expect(menu.options[0]).toMatchObject({ positionX: null, positionY: null });
    expect(menu.entryPositionX).toBeNull();

    // The list counts the options; the editor opens again, and a reload keeps it open.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    const listRow = row(page, 'Atendimento Geral');
    await listRow.waitFor();
    expect(await listRow.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['atendimento-geral', '2', 'No']),
    );
    await listRow.getByRole('button', { name: 'Open editor' }).click();
    await optionTwo.waitFor();
    await page.reload();
    await optionTwo.waitFor();
    expect(await flowPosition(optionTwo)).toEqual(dragged);
    expect(await flowPosition(optionOne)).toEqual({ x: 340, y: 0 });

    // A hostile greeting: the server's 400 shows, and the edits stay.
    const greeting = page.getByRole('form', { name: 'Menu entry' }).getByLabel('Greeting');
    await greeting.fill('${system(rm -rf /)}');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await expectAlert(page, 'Not allowed: the switch would read part of this text as a command.');
    expect(await page.locator('.ivr-problems').innerText()).toMatch(/^Greeting: .+/);
    expect(await greeting.inputValue()).toBe('${system(rm -rf /)}');
    expect(await page.getByText('Unsaved changes').isVisible()).toBe(true);
    expect((await stored()).greeting).toBe('');
    await greeting.fill('Bem-vindo à Central');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await page.getByText('Menu saved.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await entry.innerText()).toContain('Bem-vindo à Central');
    expect((await stored()).greeting).toBe('Bem-vindo à Central');

    // The prompt: a file that is not a WAV is refused, a real one plays from a blob: URL.
    const uploadForm = page.getByRole('form', { name: 'Upload prompt' });
    await uploadForm.getByLabel('WAV file').setInputFiles(fakeFile);
    await uploadForm.getByRole('button', { name: 'Upload' }).click();
    await expectAlert(page, 'The audio must be a WAV file: 16-bit PCM at 8, 16, 32 or 48 kHz, or 8-bit µ-law or A-law at 8 kHz, mono or stereo.');
    expect((await stored()).hasPrompt).toBe(false);
    await uploadForm.getByLabel('WAV file').setInputFiles(wavFile);
    await uploadForm.getByRole('button', { name: 'Upload' }).click();
    const audio = page.getByLabel('Prompt preview');
    await audio.waitFor();
    const source = (await audio.getAttribute('src')) ?? '';
    expect(source).toMatch(/^blob:/);
    const played = await page.evaluate(
      async (url) => (await (await fetch(url)).arrayBuffer()).byteLength,
      source,
    );
    expect(played).toBe(wav.length);
    expect(await page.getByRole('alert').count()).toBe(0);
    await entry.getByText('Prompt uploaded').waitFor();
    expect((await stored()).hasPrompt).toBe(true);

    await page.getByRole('button', { name: 'Remove prompt' }).click();
    await page.getByRole('button', { name: 'Confirm removal' }).click();
    await page.getByText('No prompt uploaded: callers hear a short tone.').waitFor();
    expect(await audio.count()).toBe(0);
    expect((await stored()).hasPrompt).toBe(false);

    // In pt-BR: the editor, then the list, where the menu is deleted.
    await page.getByLabel('Language').selectOption('pt-BR');
    await page.getByRole('heading', { level: 1, name: 'Menus de URA' }).waitFor();
    const diagram = page.getByRole('region', { name: 'Diagrama do menu' });
    await diagram.getByRole('group', { name: 'Opção 1: Ramal 101 — Vendas' }).waitFor();
    expect(
      await diagram.getByRole('group', { name: 'Entrada do menu: Atendimento Geral' }).innerText(),
    ).toContain('Sem áudio');
    expect(
      await page.getByRole('form', { name: 'Entrada do menu' }).getByLabel('Saudação').inputValue(),
    ).toBe('Bem-vindo à Central');
    await page.getByRole('button', { name: 'Voltar para a lista' }).click();
    const ptRow = row(page, 'Atendimento Geral');
    await ptRow.waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Opções', 'Áudio', 'Criado em']),
    );
    await ptRow.getByRole('button', { name: 'Excluir' }).click();
    await ptRow.getByRole('button', { name: 'Confirmar exclusão' }).click();
    await page.getByText('Nenhum menu de URA cadastrado.').waitFor();
    expect(await call<StoredMenu[]>(baseUrl, '/ivr-menus', { token: admin.token })).toEqual([]);
  } finally {
    await context.close();
    rmSync(files, { recursive: true, force: true });
  }
});

it('an option sends callers to a queue, and unsaved edits ask before the console leaves them', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'ivrq');
  const token = admin.token;
  await call(baseUrl, '/extensions', { method: 'POST', token, body: { number: '201', callerId: 'Recepção' } });
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token, body: { name: 'Suporte' } });
  const created = await call<{ id: string }>(baseUrl, '/ivr-menus', {
    method: 'POST',
    token,
    body: { name: 'Principal', options: [{ digit: '1', targetExtension: '201' }] },
  });
  const stored = () => call<StoredMenu & { timeoutSeconds: number; options: { targetType: string; targetQueueId: string | null }[] }>(baseUrl, `/ivr-menus/${created.id}`, { token });

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password, { landing: true });
    await openMenu(page, 'IVR menus');
    await row(page, 'Principal').getByRole('button', { name: 'Open editor' }).click();
    const canvas = page.getByRole('region', { name: 'Menu diagram' });
    await canvas.getByRole('group', { name: 'Option 1: Extension 201 — Recepção' }).waitFor();

    // Option 1 now sends callers to the Suporte queue.
    await page.getByRole('button', { name: 'Edit option 1' }).click();
    const optionForm = page.getByRole('form', { name: 'Edit option 1' });
    await optionForm.getByLabel('Destination').selectOption({ label: 'Queue' });
    expect(await optionForm.getByLabel('Queue', { exact: true }).inputValue()).toBe(queue.id);
    await optionForm.getByRole('button', { name: 'Apply' }).click();
    await canvas.getByRole('group', { name: 'Option 1: Queue Suporte' }).waitFor();
    await page.getByText('Unsaved changes').waitFor();
    const editorUrl = page.url();

    // Another menu item: the console asks first; Esc, then "Stay", keep the editor and its edits.
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await nav.getByRole('link', { name: 'Queues', exact: true }).click();
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay and keep editing');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(editorUrl);
    await nav.getByRole('link', { name: 'Queues', exact: true }).click();
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(editorUrl);
    await canvas.getByRole('group', { name: 'Option 1: Queue Suporte' }).waitFor();
    expect((await stored()).options[0]).toMatchObject({ targetType: 'EXTENSION', targetExtension: '201' });

    // Saved, nothing is lost: no question.
    await page.getByRole('button', { name: 'Save menu' }).click();
    await page.getByText('Menu saved.').waitFor();
    expect((await stored()).options[0]).toMatchObject({ targetType: 'QUEUE', targetQueueId: queue.id, targetExtension: null });

    // A new edit, and "Leave without saving" goes where the link pointed, dropping the edit.
    await page.getByLabel('Wait for a key (seconds)').fill('9');
    await page.getByText('Unsaved changes').waitFor();
    await nav.getByRole('link', { name: 'Queues', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { level: 1, name: 'Queues' }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect((await stored()).timeoutSeconds).toBe(5);

    // Back in the editor, with nothing edited, leaving asks nothing.
    await page.goBack();
    await canvas.getByRole('group', { name: 'Option 1: Queue Suporte' }).waitFor();
    await openMenu(page, 'Extensions');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // Every form built on the shared footer is guarded too: a queue being created.
    await openMenu(page, 'Queues');
    await page.getByRole('button', { name: 'New queue' }).click();
    const queueForm = page.getByRole('form', { name: 'Create queue' });
    await queueForm.getByLabel('Name').fill('Vendas');
    await nav.getByRole('link', { name: 'Extensions', exact: true }).click();
    await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await queueForm.getByLabel('Name').inputValue()).toBe('Vendas');
    await nav.getByRole('link', { name: 'Extensions', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { level: 1, name: 'Extensions' }).waitFor();
  } finally {
    await context.close();
  }
});
