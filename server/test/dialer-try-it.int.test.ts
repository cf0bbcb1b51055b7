// The README's "Try a dialer campaign", step by step, through the same doors a person uses: the
// console's API for the tenant's objects and the simulator's control API over HTTP, as `npm run sim`
// sends it (token included). With the campaign's default abandon threshold (2 s), a phone registered
// with a bare --auto-answer takes every answered customer: no call is abandoned.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseArgs, toRequest } from '@callcenter/switch-sim/cli';
import {
  createMember,
  createPlatformAdmin,
  createTenant,
  login,
  multipartFile,
  type Session,
} from './harness.ts';
import { steerableModel, WEDNESDAY_MORNING } from './dialer-support.ts';
import { pendingSwitchChanges, startSwitchedApp, type SwitchedApp, until } from './switch.ts';

const model = steerableModel();
let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  t = await startSwitchedApp({
    dialer: {
      tickMs: 250,
      callingClock: () => WEDNESDAY_MORNING,
      simulationModel: model,
      random: () => 0.5,
      reconcileMs: 60_000,
    },
  });
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
}, 60_000);
afterAll(() => t?.close());

/** `npm run sim -- <argv>`: the request the CLI builds, sent with the token it would send. */
async function sim(...argv: string[]): Promise<Response> {
  const { command, args, flags } = parseArgs(argv);
  const request = toRequest(command, args, flags)!;
  return fetch(new URL(request.path, t.simulator().controlUrl), {
    method: request.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.simulator().controlToken}` },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
}

it('a campaign on the default abandon threshold connects every answered customer to an agent whose phone auto-answers', async () => {
  model.only('ANSWER');
  const tenant = await createTenant(t.app, platform);
  const auth = tenant.admin.session.auth;
  const post = async <T>(url: string, payload: Record<string, unknown>): Promise<T> => {
    const response = await t.app.inject({ method: 'POST', url, headers: auth, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json<T>();
  };
  // Step 1: extension 1001, an agent on it, queue suporte with the agent.
  const extension = await post<{ id: string; domain: string; sipPassword: string }>('/extensions', {
    number: '1001',
  });
  const member = await createMember(t.app, tenant.admin.session, 'agent');
  const agent = await post<{ id: string }>('/agents', { userId: member.id, extensionId: extension.id });
  const queue = await post<{ id: string }>('/queues', { name: 'suporte' });
  await post(`/queues/${queue.id}/agents`, { agentId: agent.id });
  await until(
    () => pendingSwitchChanges(t, tenant.tenant.id),
    (count) => count === 0,
  );
  // Step 2: npm run sim -- register 1001@<domain> <password> --auto-answer; Agent login.
  const registered = await until(
    () => sim('register', `1001@${extension.domain}`, extension.sipPassword, '--auto-answer'),
    (response) => response.ok,
  );
  expect(registered.status).toBe(200);
  expect(
    (await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth }))
      .statusCode,
  ).toBe(200);
  await until(
    () => t.runtime.target.esl.api(`callcenter_config agent get status a-${agent.id}`),
    (status) => status.trim() === 'Available',
  );
  // Steps 3-5: a trunk, a campaign with the default abandon seconds, leads from a CSV.
  const trunk = await post<{ id: string }>('/trunks', { name: 'operadora', host: 'sip.carrier.example' });
  const campaign = await post<{ id: string; abandonAfterSeconds: number }>('/campaigns', {
    name: 'Teste',
    queueId: queue.id,
    trunkId: trunk.id,
    pacingMin: 1,
    pacingMax: 2,
    recordingEnabled: false,
  });
  const settings = await t.app.inject({ method: 'GET', url: `/campaigns/${campaign.id}`, headers: auth });
  expect(settings.json<{ abandonAfterSeconds: number }>().abandonAfterSeconds).toBe(2);
  const csv = multipartFile(Buffer.from('telefone;nome\n(11) 97100-0001;Maria\n(11) 97100-0002;João\n'), {
    filename: 'leads.csv',
    type: 'text/csv',
  });
  const imported = await t.app.inject({
    method: 'POST',
    url: `/campaigns/${campaign.id}/leads/import`,
    payload: csv.payload,
    headers: { ...auth, 'content-type': csv.contentType },
  });
  expect(imported.json()).toMatchObject({ imported: 2 });
  // Step 6: start; both customers answer and reach the agent, none abandoned.
  expect(
    (await t.app.inject({ method: 'POST', url: `/campaigns/${campaign.id}/start`, headers: auth }))
      .statusCode,
  ).toBe(200);
  // The start judged the calling window on the real clock (maybe a weekend); the dialer's is Wednesday morning.
  await t.db.withTenant(tenant.tenant.id, (tx) =>
    tx.updateTable('campaigns').set({ status: 'RUNNING' }).where('id', '=', campaign.id).execute(),
  );
  const attempts = await until(
    () =>
      t.db.withTenant(tenant.tenant.id, (tx) =>
        tx
          .selectFrom('dialAttempts')
          .select(['outcome', 'connectedAt'])
          .where('campaignId', '=', campaign.id)
          .where('status', '=', 'ENDED')
          .execute(),
      ),
    (rows) => rows.length === 2,
    30_000,
  );
  expect(attempts.map((row) => row.outcome)).toEqual(['CONNECTED', 'CONNECTED']);
  const stats = await t.app.inject({ method: 'GET', url: `/campaigns/${campaign.id}/stats`, headers: auth });
  expect(stats.json()).toMatchObject({ answered: 2, abandonRate: 0 });
}, 60_000);
