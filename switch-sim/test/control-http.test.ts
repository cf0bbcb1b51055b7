// The control API over HTTP, as `npm run sim` drives it: phones that pick up by themselves and
// outcome rules that name a kind the simulator knows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { controlToken, DEFAULT_AUTO_ANSWER_MS, parseArgs, toRequest } from '../src/cli.ts';
import { CONTROL_TOKEN_FILE } from '../src/control/access.ts';
import { eventHeader as h } from './esl-client.ts';
import { harness, type Harness } from './helpers.ts';

let t: Harness;
beforeEach(async () => {
  t = await harness({ events: 'plain CHANNEL_ANSWER CHANNEL_PROGRESS' });
});
afterEach(async () => {
  await t.close();
});

async function send(request: {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL(request.path, t.sim.controlUrl), {
    method: request.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.sim.controlToken}` },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The control request the CLI builds from a command line. */
function cli(...argv: string[]): { method: string; path: string; body?: Record<string, unknown> } {
  const { command, args, flags } = parseArgs(argv);
  return toRequest(command, args, flags)!;
}

describe('a phone registered with --auto-answer', () => {
  it('answers an offered call after its delay, with the events of a real answer', async () => {
    expect(
      (await send(cli('register', '1000@acme.pbx.localhost', 'secret', '--auto-answer=300'))).status,
    ).toBe(200);
    const uuid = (await t.client.api('originate user/1000@acme.pbx.localhost &park')).slice(4, -1);
    const answer = await t.client.waitEvent(
      (e) => h(e, 'Event-Name') === 'CHANNEL_ANSWER' && h(e, 'Unique-ID') === uuid,
    );
    expect(h(answer, 'Answer-State')).toBe('answered');
    expect(h(answer, 'Channel-Name')).toMatch(/^sofia\/internal\/1000-/);
    // It rang first (180 from the phone), then answered after the delay.
    const ringing = t.client
      .events()
      .find((e) => h(e, 'Event-Name') === 'CHANNEL_PROGRESS' && h(e, 'Unique-ID') === uuid);
    expect(ringing).toBeDefined();
    const delayMs =
      (Number(h(answer, 'Caller-Channel-Answered-Time')) - Number(h(answer, 'Caller-Channel-Created-Time'))) /
      1000;
    expect(delayMs).toBeGreaterThanOrEqual(300);
  });

  it('without a value picks up after the default delay; without the flag it only rings', () => {
    expect(cli('register', '1000@acme.pbx.localhost', 'secret', '--auto-answer').body).toMatchObject({
      autoAnswerMs: DEFAULT_AUTO_ANSWER_MS,
    });
    // A switch never swallows the next argument.
    expect(cli('register', '--auto-answer', '1000@acme.pbx.localhost', 'secret').body).toMatchObject({
      user: '1000',
      password: 'secret',
      autoAnswerMs: DEFAULT_AUTO_ANSWER_MS,
    });
    expect(cli('register', '1000@acme.pbx.localhost', 'secret').body).not.toHaveProperty('autoAnswerMs');
    expect(() => cli('register', '1000@x', 'pw', '--auto-answer=soon')).toThrow(/milliseconds/);
  });

  it('a phone without auto-answer leaves the call ringing', async () => {
    await send(cli('register', '1000@acme.pbx.localhost', 'secret'));
    const uuid = (
      await t.client.api('originate {originate_timeout=1}user/1000@acme.pbx.localhost &park')
    ).trim();
    expect(uuid).toBe('-ERR NO_ANSWER');
    expect(t.client.events().some((e) => h(e, 'Event-Name') === 'CHANNEL_ANSWER')).toBe(false);
  });
});

describe('outcome rules', () => {
  it('refuses an unknown kind and names the kinds it knows', async () => {
    const refused = await send(cli('outcome', 'foo'));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /unknown outcome "foo".*ANSWER, BUSY, NO_ANSWER, FAILED, REJECT, MANUAL/,
    );
    expect((await send({ method: 'GET', path: '/state' })).body.outcomes).toEqual([]);
  });

  it('takes a known kind or a hangup cause', async () => {
    expect((await send(cli('outcome', 'busy', '5511'))).status).toBe(200);
    expect((await send(cli('outcome', 'USER_BUSY'))).status).toBe(200);
    expect((await send({ method: 'GET', path: '/state' })).body.outcomes).toEqual([
      { destination: '5511', outcome: 'BUSY' },
      { outcome: 'USER_BUSY' },
    ]);
  });
});

it('help lists the outcome kinds and --auto-answer', async () => {
  const { USAGE } = await import('../src/cli.ts');
  expect(USAGE).toContain('kinds: ANSWER, BUSY, NO_ANSWER, FAILED, REJECT, MANUAL');
  expect(USAGE).toContain('--auto-answer[=<ms>]');
});

describe('access to the control API', () => {
  const raw = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(new URL(path, t.sim.controlUrl), init);
  const auth = (): Record<string, string> => ({ authorization: `Bearer ${t.sim.controlToken}` });
  const register = JSON.stringify({ user: '1000', domain: 'acme.pbx.localhost', password: 'secret' });

  it('refuses requests without the token, or with another one', async () => {
    expect((await raw('/state')).status).toBe(401);
    expect((await raw('/state', { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
    const anonymous = await raw('/phones/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: register,
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toMatch(/SWITCH_SIM_CONTROL_TOKEN/);
    expect(t.sim.model.registrations.list()).toHaveLength(0);
    expect((await raw('/health')).status).toBe(200);
    expect((await raw('/state', { headers: auth() })).status).toBe(200);
  });

  it('refuses a page of another site, even with the token', async () => {
    const foreign = await raw('/phones/register', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json', origin: 'https://evil.example' },
      body: register,
    });
    expect(foreign.status).toBe(403);
    expect(t.sim.model.registrations.list()).toHaveLength(0);
    const own = await raw('/phones/register', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json', origin: t.sim.controlUrl },
      body: register,
    });
    expect(own.status).toBe(200);
  });

  it('refuses bodies that are not a JSON object', async () => {
    const form = await raw('/phones/register', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'text/plain' },
      body: register,
    });
    expect(form.status).toBe(415);
    const urlencoded = await raw('/outcomes', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=ANSWER',
    });
    expect(urlencoded.status).toBe(415);
    const array = await raw('/outcomes', {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '["ANSWER"]',
    });
    expect(array.status).toBe(400);
    expect(t.sim.model.registrations.list()).toHaveLength(0);
    expect(t.sim.model.outcomes.list()).toEqual([]);
  });

  it('npm run sim finds the token in a flag, the environment, or the file npm start leaves', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sim-data-'));
    expect(controlToken(new Map([['token', 'flag']]), { SWITCH_SIM_CONTROL_TOKEN: 'env' })).toBe('flag');
    expect(controlToken(new Map(), { SWITCH_SIM_CONTROL_TOKEN: 'env', DATA_DIR: dataDir })).toBe('env');
    expect(controlToken(new Map(), { DATA_DIR: dataDir })).toBeUndefined();
    writeFileSync(join(dataDir, CONTROL_TOKEN_FILE), 'from-file\n');
    expect(controlToken(new Map(), { DATA_DIR: dataDir })).toBe('from-file');
    expect(controlToken(new Map(), { INIT_CWD: dataDir, DATA_DIR: '.' })).toBe('from-file');
  });
});
