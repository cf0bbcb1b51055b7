// A tenant of the real-switch tests, set up through the API as a platform admin and the tenant's
// admin would: its own plan and DIDs, phones that register to the real switch, and a queue staffed
// by a logged-in agent whose phone answers by itself.
import { expect } from 'vitest';
import { createMember, createPlatformAdmin, createTenant, login, type TenantFixture } from '../harness.ts';
import { until } from '../switch.ts';
import { startPhone, type Phone } from './phone.ts';
import type { RealPlatform } from './platform.ts';

export interface CallRow {
  id: string;
  direction: string;
  callerNumber: string | null;
  calledNumber: string | null;
  extensionNumber: string | null;
  trunkId: string | null;
  queueId: string | null;
  agentId: string | null;
  campaignId: string | null;
  leadId: string | null;
  answerAt: string | null;
  queuedAt: string | null;
  bridgedAt: string | null;
  endedAt?: string | null;
  hangupCause?: string | null;
  abandoned: boolean;
}

export interface RealTenant {
  tenant: TenantFixture;
  /** Every phone started for the tenant, stopped by close(). */
  phones: Phone[];
  post<T>(url: string, payload: object): Promise<T>;
  get<T>(url: string): Promise<T>;
  /** Waits until the switch has every change of the tenant's configuration. */
  settled(): Promise<void>;
  /** An extension with a baresip phone registered to it (sending a tone of `toneHz`). */
  phoneOf(number: string, toneHz: number, autoAnswer?: boolean): Promise<{ id: string; domain: string; phone: Phone }>;
  /** A queue with one agent, logged in and Available on the switch, on an auto-answering phone. */
  staffedQueue(extension: string, queue?: object): Promise<{ queueId: string; agentId: string; phone: Phone }>;
  /** A carrier's phone: an unregistered account that calls the external profile (context public). */
  carrierPhone(callerNumber: string): Promise<Phone>;
  /** The tenant's call records matching a query, once one of them has ended. */
  endedCalls(query: string, ms?: number): Promise<CallRow[]>;
  close(): Promise<void>;
}

/** A tenant on an unlimited plan of its own, owning the DIDs 551130002000–551130002099. */
export async function realTenant(t: RealPlatform): Promise<RealTenant> {
  const admin = await createPlatformAdmin(t.db);
  const platform = await login(t.app, admin.email, admin.password);
  const plan = await t.app.inject({ method: 'POST', url: '/plans', headers: platform.auth, payload: { name: 'Unlimited' } });
  expect(plan.statusCode, plan.body).toBe(201);
  const tenant = await createTenant(t.app, platform, { planId: plan.json<{ id: string }>().id });
  // The DIDs the tests route are the tenant's own, assigned by the platform (issue 19, item 21).
  const numbers = await t.app.inject({
    method: 'POST',
    url: `/tenants/${tenant.tenant.id}/numbers`,
    headers: platform.auth,
    payload: { from: '551130002000', to: '551130002099' },
  });
  expect(numbers.statusCode, numbers.body).toBe(201);

  const phones: Phone[] = [];
  const auth = () => tenant.admin.session.auth;
  async function post<T>(url: string, payload: object): Promise<T> {
    const response = await t.app.inject({ method: 'POST', url, headers: auth(), payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json<T>();
  }
  const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url, headers: auth() })).json<T>();
  async function settled(): Promise<void> {
    const pending = () =>
      t.db.withTenant(tenant.tenant.id, (tx) => tx.selectFrom('switchConfigChanges').select('kind').execute());
    expect(await until(pending, (rows) => rows.length === 0, 20_000)).toEqual([]);
  }
  async function phoneOf(number: string, toneHz: number, autoAnswer = false) {
    const created = await post<{ id: string; domain: string; sipPassword: string }>('/extensions', { number });
    await settled();
    const phone = await startPhone({
      user: number,
      domain: created.domain,
      password: created.sipPassword,
      proxyPort: t.sw.internalPort,
      register: true,
      toneHz,
      autoAnswer,
    });
    phones.push(phone);
    // baresip registers at start, before its control socket is open: the switch's side tells.
    await until(
      () => t.esl('sofia status profile internal reg'),
      (text) => text.includes(`${number}@${created.domain}`),
      15_000,
    );
    return { id: created.id, domain: created.domain, phone };
  }
  async function staffedQueue(extension: string, queue: object = {}) {
    const { id: extensionId, phone } = await phoneOf(extension, 880, true);
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const agent = await post<{ id: string }>('/agents', { userId: member.id, extensionId });
    const created = await post<{ id: string }>('/queues', { name: `fila-${extension}`, ...queue });
    await post(`/queues/${created.id}/agents`, { agentId: agent.id });
    await settled();
    const loggedIn = await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const status = await until(
      () => t.esl(`callcenter_config agent get status a-${agent.id}`),
      (text) => text.trim() === 'Available',
      15_000,
    );
    expect(status.trim()).toBe('Available');
    return { queueId: created.id, agentId: agent.id, phone };
  }
  async function carrierPhone(callerNumber: string) {
    const phone = await startPhone({
      user: callerNumber,
      domain: '127.0.0.1',
      proxyPort: t.sw.externalPort,
      register: false,
      toneHz: 440,
    });
    phones.push(phone);
    return phone;
  }
  async function endedCalls(query: string, ms = 15_000) {
    return until(
      async () => (await get<{ items: CallRow[] }>(`/calls?${query}`)).items,
      (rows) => rows.some((row) => row.endedAt !== null && row.endedAt !== undefined),
      ms,
    );
  }
  return {
    tenant,
    phones,
    post,
    get,
    settled,
    phoneOf,
    staffedQueue,
    carrierPhone,
    endedCalls,
    close: async () => {
      await Promise.all(phones.map((phone) => phone.stop()));
    },
  };
}
