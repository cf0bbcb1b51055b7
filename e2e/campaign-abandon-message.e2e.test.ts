// A campaign's own abandon message in the console (decision 0052): a file that is not a WAV is
// refused in words, a real WAV uploads (with a progress bar while it goes) and plays back from the
// server, is stored on the campaign, and is removed; in pt-BR as well; the section passes axe.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tinyWav } from '../server/src/modules/ivr-menus/wav.test-support.ts';
import { expectAccessible } from './support/accessibility.ts';
import { apiTenantAdmin, call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { expectAlert, openMenu, signIn } from './support/console.ts';
import { useE2eEnvironment } from './support/environment.ts';

const env = useE2eEnvironment();

it('uploads a WAV as the campaign’s abandon message, plays it back, refuses a fake one, and removes it', async () => {
  const { baseUrl, platformAdmin } = env.platform;
  const admin = await apiTenantAdmin(baseUrl, platformAdmin, 'abandon-message');
  const queue = await call<{ id: string }>(baseUrl, '/queues', { method: 'POST', token: admin.token, body: { name: 'Cobrança' } });
  const trunk = await call<{ id: string }>(baseUrl, '/trunks', { method: 'POST', token: admin.token, body: { name: 'Operadora', host: 'sip.carrier.example' } });
  const campaign = await call<{ id: string }>(baseUrl, '/campaigns', {
    method: 'POST',
    token: admin.token,
    body: { name: 'Recuperação', queueId: queue.id, trunkId: trunk.id, pacingMin: 1, pacingMax: 2 },
  });
  const stored = () => call<{ hasAbandonMessage: boolean; abandonMessageSizeBytes: number | null }>(baseUrl, `/campaigns/${campaign.id}`, { token: admin.token });
  const files = mkdtempSync(path.join(tmpdir(), 'abandon-e2e-'));
  // Ten seconds of 8 kHz audio: large enough for the upload's progress to be seen.
  const wav = tinyWav(80_000);
  const wavFile = path.join(files, 'mensagem-abandono.wav');
  const fakeFile = path.join(files, 'not-audio.wav');
  writeFileSync(wavFile, wav);
  writeFileSync(fakeFile, 'only text that pretends to be a WAV file, long enough to fill a header');

  const { context, page } = await openPage(env.browser);
  try {
    await signIn(page, baseUrl, admin.email, admin.password);
    await openMenu(page, 'Campaigns');
    await page.getByRole('link', { name: 'Recuperação' }).click();
    const section = page.getByRole('region', { name: 'Abandon message' });
    await section.getByText("No message of its own: abandoned customers hear the platform's default message, in the tenant's language (Portuguese or English).").waitFor();

    const uploadForm = section.getByRole('form', { name: 'Upload abandon message' });
    await uploadForm.getByLabel('Message audio (WAV)').setInputFiles(fakeFile);
    await uploadForm.getByRole('button', { name: 'Upload' }).click();
    await expectAlert(page, 'The audio must be a WAV file: 16-bit PCM at 8, 16, 32 or 48 kHz, or 8-bit µ-law or A-law at 8 kHz, mono or stereo.');
    expect((await stored()).hasAbandonMessage).toBe(false);

    // The progress bar shows while the file goes (watched from the page: it may be brief).
    await page.evaluate(() => {
      const seen = (window as unknown as { progressSeen: boolean });
      seen.progressSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('progress[aria-label="Upload progress"]')) seen.progressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // From the keyboard: the file chosen, then Tab to the button and Enter.
    await uploadForm.getByLabel('Message audio (WAV)').setInputFiles(wavFile);
    await uploadForm.getByLabel('Message audio (WAV)').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Upload');
    await page.keyboard.press('Enter');
    const audio = section.getByLabel('Abandon message preview');
    await audio.waitFor();
    const source = (await audio.getAttribute('src')) ?? '';
    expect(source).toMatch(/^blob:/);
    const played = await page.evaluate(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength, source);
    expect(played).toBe(wav.length);
    expect(await page.evaluate(() => (window as unknown as { progressSeen: boolean }).progressSeen)).toBe(true);
    await section.getByText(`The campaign's own message, ${Math.ceil(wav.length / 1024)} KB, plays to customers no agent takes in time.`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await stored()).toEqual(expect.objectContaining({ hasAbandonMessage: true, abandonMessageSizeBytes: wav.length }));
    // Present after a reload too: it is the server's.
    await page.reload();
    await section.getByLabel('Abandon message preview').waitFor();
    await expectAccessible(page, 'campaign page with its abandon message');

    // In pt-BR, removed.
    await page.getByLabel('Language').selectOption('pt-BR');
    const ptSection = page.getByRole('region', { name: 'Mensagem de abandono' });
    await ptSection.getByText(/A mensagem própria da campanha, de \d+ KB/).waitFor();
    await ptSection.getByRole('button', { name: 'Remover mensagem' }).click();
    await ptSection.getByRole('button', { name: 'Confirmar remoção' }).click();
    await ptSection.getByText('Sem mensagem própria: os clientes abandonados ouvem a mensagem padrão da plataforma, no idioma do tenant (português ou inglês).').waitFor();
    expect(await ptSection.getByLabel('Prévia da mensagem de abandono').count()).toBe(0);
    expect((await stored()).hasAbandonMessage).toBe(false);
  } finally {
    await context.close();
    rmSync(files, { recursive: true, force: true });
  }
});
