// Every queue and agent setting as mod_callcenter reports it back (`callcenter_config queue list`,
// `agent list`), on the simulator that reads the configuration as mod_callcenter does.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPlatformAdmin, createTenant, login, type TenantFixture } from './harness.ts';
import { pendingSwitchChanges, startSwitchedApp, until, type SwitchedApp } from './switch.ts';

let t: SwitchedApp;
let tenant: TenantFixture;

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  tenant = await createTenant(t.app, await login(t.app, admin.email, admin.password));
}, 60_000);
afterAll(() => t.close());

const auth = () => tenant.admin.session.auth;
const api = (command: string) => t.runtime.target.esl.api(command);

/** One row of a `callcenter_config … list` reply as column → value (header line first, "+OK" last). */
function rowOf(reply: string, name: string): Record<string, string> | undefined {
  const lines = reply.split('\n');
  const columns = lines[0]!.split('|');
  const row = lines.find((line) => line.startsWith(`${name}|`));
  return row ? Object.fromEntries(row.split('|').map((value, i) => [columns[i], value])) : undefined;
}

const queueRow = async (name: string, ok: (row: Record<string, string>) => boolean) =>
  until(async () => rowOf(await api('callcenter_config queue list'), name), (row) => row !== undefined && ok(row));
const agentRow = async (name: string, ok: (row: Record<string, string>) => boolean) =>
  until(async () => rowOf(await api(`callcenter_config agent list ${name}`), name), (row) => row !== undefined && ok(row));

describe('queue settings on the switch', () => {
  it('each setting of a created, then edited, queue is what mod_callcenter reports', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/queues',
      headers: auth(),
      payload: {
        name: 'Vendas',
        strategy: 'TOP_DOWN',
        musicOnHold: 'local_stream://moh',
        maxWaitTime: 240,
        tierRulesApply: true,
        tierRuleWaitSecond: 25,
        tierRuleWaitMultiplyLevel: false,
        tierRuleNoAgentNoWait: true,
        discardAbandonedAfter: 120,
        skipAgentsWithExternalCalls: false,
        recordingEnabled: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const name = `q-${created.json<{ id: string }>().id}`;
    await until(() => pendingSwitchChanges(t, tenant.tenant.id), (count) => count === 0);
    const first = await queueRow(name, (row) => row.strategy === 'top-down');
    expect(first).toMatchObject({
      strategy: 'top-down',
      moh_sound: 'local_stream://moh',
      time_base_score: 'system',
      tier_rules_apply: 'true',
      tier_rule_wait_second: '25',
      tier_rule_wait_multiply_level: 'false',
      tier_rule_no_agent_no_wait: 'true',
      discard_abandoned_after: '120',
      abandoned_resume_allowed: 'false',
      max_wait_time: '240',
      max_wait_time_with_no_agent: '0',
      max_wait_time_with_no_agent_time_reached: '5',
      skip_agents_with_external_calls: 'false',
    });
    // <FREESWITCH_RECORDINGS_DIR (default <conf dir>/recordings)>/<tenant id>/<call id>-<recording id>.wav (decisions 0029, 0041)
    expect(first!.record_template).toBe(`${path.resolve(t.confDir, 'recordings')}/${tenant.tenant.id}/\${svc_call_id}-\${svc_recording_id}.wav`);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/queues/${name.slice(2)}`,
      headers: auth(),
      payload: {
        strategy: 'RING_ALL',
        musicOnHold: 'silence_stream://-1',
        maxWaitTime: 60,
        tierRulesApply: false,
        tierRuleWaitSecond: 5,
        tierRuleWaitMultiplyLevel: true,
        tierRuleNoAgentNoWait: false,
        discardAbandonedAfter: 30,
        skipAgentsWithExternalCalls: true,
        recordingEnabled: false,
      },
    });
    expect(patched.statusCode).toBe(200);
    const second = await queueRow(name, (row) => row.strategy === 'ring-all');
    expect(second).toMatchObject({
      strategy: 'ring-all',
      moh_sound: 'silence_stream://-1',
      tier_rules_apply: 'false',
      tier_rule_wait_second: '5',
      tier_rule_wait_multiply_level: 'true',
      tier_rule_no_agent_no_wait: 'false',
      discard_abandoned_after: '30',
      max_wait_time: '60',
      record_template: '',
      skip_agents_with_external_calls: 'true',
    });
  });
});

describe('agent settings on the switch', () => {
  it('wrap-up, max no-answer and the three delays reach mod_callcenter on create, on edit and on login', async () => {
    const extension = (await t.app.inject({ method: 'POST', url: '/extensions', headers: auth(), payload: { number: '2301' } })).json<{ id: string }>();
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const created = await t.app.inject({
      method: 'POST',
      url: '/agents',
      headers: auth(),
      payload: { userId: member.id, extensionId: extension.id, wrapUpSeconds: 25, maxNoAnswer: 3, rejectDelaySeconds: 11, busyDelaySeconds: 12, noAnswerDelaySeconds: 13 },
    });
    expect(created.statusCode).toBe(201);
    const agent = created.json<{ id: string; maxNoAnswer: number; noAnswerDelaySeconds: number }>();
    expect(agent).toMatchObject({ maxNoAnswer: 3, noAnswerDelaySeconds: 13 });
    const name = `a-${agent.id}`;

    // Create: known to the switch, logged out, with every setting.
    const onCreate = await agentRow(name, (row) => row.wrap_up_time === '25');
    expect(onCreate).toMatchObject({ status: 'Logged Out', contact: `[leg_timeout=20]user/2301@${tenant.tenant.telephonyDomain}`, wrap_up_time: '25', max_no_answer: '3', reject_delay_time: '11', busy_delay_time: '12', no_answer_delay_time: '13' });

    // Edit: each field on its own reaches the switch.
    const edits: Array<[string, number, string]> = [
      ['wrapUpSeconds', 40, 'wrap_up_time'],
      ['maxNoAnswer', 5, 'max_no_answer'],
      ['rejectDelaySeconds', 21, 'reject_delay_time'],
      ['busyDelaySeconds', 22, 'busy_delay_time'],
      ['noAnswerDelaySeconds', 23, 'no_answer_delay_time'],
    ];
    for (const [field, value, column] of edits) {
      const response = await t.app.inject({ method: 'PATCH', url: `/agents/${agent.id}`, headers: auth(), payload: { [field]: value } });
      expect(response.statusCode).toBe(200);
      expect((await agentRow(name, (row) => row[column] === String(value)))?.[column]).toBe(String(value));
    }
    const edited = await agentRow(name, () => true);
    expect(edited).toMatchObject({ status: 'Logged Out', wrap_up_time: '40', max_no_answer: '5', reject_delay_time: '21', busy_delay_time: '22', no_answer_delay_time: '23' });

    // Login: a switch that forgot the agent (restarted) gets it back with its settings.
    await api(`callcenter_config agent del ${name}`);
    expect(rowOf(await api(`callcenter_config agent list ${name}`), name)).toBeUndefined();
    expect((await t.app.inject({ method: 'POST', url: '/agents/me/login', headers: member.session.auth })).statusCode).toBe(200);
    const loggedIn = await agentRow(name, (row) => row.status === 'Available');
    expect(loggedIn).toMatchObject({ status: 'Available', wrap_up_time: '40', max_no_answer: '5', reject_delay_time: '21', busy_delay_time: '22', no_answer_delay_time: '23' });
  });

  it('refuses settings out of range or unknown, in the contract shape', async () => {
    const member = await createMember(t.app, tenant.admin.session, 'agent');
    const extension = (await t.app.inject({ method: 'POST', url: '/extensions', headers: auth(), payload: { number: '2302' } })).json<{ id: string }>();
    for (const payload of [{ maxNoAnswer: -1 }, { busyDelaySeconds: 3601 }, { noAnswerDelaySeconds: 'x' }, { ready_time: 5 }]) {
      const response = await t.app.inject({ method: 'POST', url: '/agents', headers: auth(), payload: { userId: member.id, extensionId: extension.id, ...payload } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: expect.any(String), requestId: expect.any(String) });
    }
  });
});
