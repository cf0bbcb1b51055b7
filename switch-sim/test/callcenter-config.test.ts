// The callcenter configuration as mod_callcenter.c reads it (load_queue, load_agent, load_tiers)
// and reports it back through `callcenter_config queue list` / `agent list` / `tier list`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, scratchConf, type Harness } from './helpers.ts';

let t: Harness | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const QUEUE_HEADER =
  'name|strategy|moh_sound|time_base_score|tier_rules_apply|tier_rule_wait_second|tier_rule_wait_multiply_level|tier_rule_no_agent_no_wait|discard_abandoned_after|abandoned_resume_allowed|max_wait_time|max_wait_time_with_no_agent|max_wait_time_with_no_agent_time_reached|record_template|calls_answered|calls_abandoned|ring_progressively_delay|skip_agents_with_external_calls|agent_no_answer_status';

/** The `queue list` row of one queue, as a column → value record. */
async function queueRow(client: Harness['client'], name: string): Promise<Record<string, string>> {
  const reply = await client.api('callcenter_config queue list');
  const lines = reply.split('\n');
  expect(lines[0]).toBe(QUEUE_HEADER);
  expect(reply.endsWith('+OK\n')).toBe(true);
  const columns = QUEUE_HEADER.split('|');
  const row = lines.find((line) => line.startsWith(`${name}|`));
  if (!row) throw new Error(`queue ${name} not listed: ${reply}`);
  const values = row.split('|');
  return Object.fromEntries(columns.map((column, i) => [column, values[i] ?? '']));
}

async function withQueueFile(xml: string): Promise<Harness> {
  const conf = scratchConf();
  writeFileSync(join(conf, 'callcenter', 'q.xml'), xml);
  t = await harness({ speed: 50, confDir: conf });
  return t;
}

const DEFAULTS = {
  strategy: 'longest-idle-agent',
  moh_sound: '',
  time_base_score: 'queue',
  tier_rules_apply: 'false',
  tier_rule_wait_second: '0',
  tier_rule_wait_multiply_level: 'false',
  tier_rule_no_agent_no_wait: 'true',
  discard_abandoned_after: '60',
  abandoned_resume_allowed: 'false',
  max_wait_time: '0',
  max_wait_time_with_no_agent: '0',
  max_wait_time_with_no_agent_time_reached: '5',
  record_template: '',
  ring_progressively_delay: '0',
  skip_agents_with_external_calls: 'true',
  agent_no_answer_status: 'On Break',
};

describe('queue settings (load_queue)', () => {
  it('reads <param> only as direct children of <queue>: a <params> wrapper leaves every default', async () => {
    const { client } = await withQueueFile(
      '<include><queue name="wrapped@t"><params><param name="strategy" value="ring-all"/><param name="max-wait-time" value="90"/></params></queue></include>',
    );
    expect(await queueRow(client, 'wrapped@t')).toMatchObject(DEFAULTS);
  });

  it('reports every setting given as a direct <param>', async () => {
    const { client } = await withQueueFile(
      `<include><queue name="full@t">
        <param name="strategy" value="ring-all"/>
        <param name="moh-sound" value="local_stream://moh"/>
        <param name="announce-sound" value="/sounds/wait.wav"/>
        <param name="announce-frequency" value="30"/>
        <param name="record-template" value="/rec/\${uuid}.wav"/>
        <param name="time-base-score" value="system"/>
        <param name="tier-rules-apply" value="true"/>
        <param name="tier-rule-wait-second" value="15"/>
        <param name="tier-rule-wait-multiply-level" value="yes"/>
        <param name="tier-rule-no-agent-no-wait" value="false"/>
        <param name="discard-abandoned-after" value="120"/>
        <param name="abandoned-resume-allowed" value="on"/>
        <param name="max-wait-time" value="300"/>
        <param name="max-wait-time-with-no-agent" value="20"/>
        <param name="max-wait-time-with-no-agent-time-reached" value="7"/>
        <param name="ring-progressively-delay" value="3"/>
        <param name="skip-agents-with-external-calls" value="false"/>
        <param name="agent-no-answer-status" value="Logged Out"/>
      </queue></include>`,
    );
    expect(await queueRow(client, 'full@t')).toEqual({
      name: 'full@t',
      strategy: 'ring-all',
      moh_sound: 'local_stream://moh',
      time_base_score: 'system',
      tier_rules_apply: 'true',
      tier_rule_wait_second: '15',
      tier_rule_wait_multiply_level: 'true',
      tier_rule_no_agent_no_wait: 'false',
      discard_abandoned_after: '120',
      abandoned_resume_allowed: 'true',
      max_wait_time: '300',
      max_wait_time_with_no_agent: '20',
      max_wait_time_with_no_agent_time_reached: '7',
      record_template: '/rec/${uuid}.wav',
      calls_answered: '0',
      calls_abandoned: '0',
      ring_progressively_delay: '3',
      skip_agents_with_external_calls: 'false',
      agent_no_answer_status: 'Logged Out',
    });
  });

  it('ignores unknown names, keeps the first of two equal names, and gives refused values their default', async () => {
    const { client } = await withQueueFile(
      `<include><queue name="odd@t">
        <param name="no-such-setting" value="1"/>
        <param name="STRATEGY" value="top-down"/>
        <param name="strategy" value="ring-all"/>
        <param name="max-wait-time" value="ninety"/>
        <param name="discard-abandoned-after" value="90000"/>
        <param name="tier-rules-apply" value="maybe"/>
        <param name="tier-rule-wait-second" value="12.9"/>
        <param name="agent-no-answer-status" value="Sleeping"/>
      </queue></include>`,
    );
    expect(await queueRow(client, 'odd@t')).toMatchObject({
      strategy: 'top-down',
      max_wait_time: '0',
      discard_abandoned_after: '60',
      tier_rules_apply: 'false',
      tier_rule_wait_second: '12',
      agent_no_answer_status: 'On Break',
    });
  });

  it('takes the queues of a fragment from its root, and a changed file after queue reload', async () => {
    const conf = scratchConf();
    const file = join(conf, 'callcenter', 'q.xml');
    writeFileSync(file, '<queue name="solo@t"><param name="strategy" value="longest-idle-agent"/></queue>');
    t = await harness({ speed: 50, confDir: conf });
    expect((await queueRow(t.client, 'solo@t')).strategy).toBe('longest-idle-agent');
    writeFileSync(file, '<queue name="solo@t"><param name="strategy" value="ring-all"/></queue>');
    expect(await t.client.api('reloadxml')).toBe('+OK [Success]\n');
    expect(await t.client.api('callcenter_config queue reload solo@t')).toBe('+OK\n');
    expect((await queueRow(t.client, 'solo@t')).strategy).toBe('ring-all');
  });
});

describe('agents and tiers of a callcenter.conf (load_agent, load_tiers)', () => {
  it('adds typed agents with their fields, skips untyped ones, and ignores agents inside an included fragment', async () => {
    const conf = scratchConf();
    writeFileSync(
      join(conf, 'callcenter', 'conf.xml'),
      `<configuration name="callcenter.conf"><queues><queue name="c@t"/></queues>
        <agents>
          <agent name="a@t" type="callback" contact="null/a" status="Available" wrap-up-time="25" max-no-answer="3" reject-delay-time="11" busy-delay-time="12" no-answer-delay-time="13"/>
          <agent name="untyped@t" contact="null/u"/>
        </agents>
        <tiers><tier agent="a@t" queue="c@t" level="2"/></tiers>
      </configuration>`,
    );
    writeFileSync(join(conf, 'callcenter', 'fragment.xml'), '<include><agents><agent name="frag@t" type="callback"/></agents></include>');
    t = await harness({ speed: 50, confDir: conf });
    const list = await t.client.api('callcenter_config agent list');
    expect(list).not.toContain('untyped@t');
    expect(list).not.toContain('frag@t');
    const row = list.split('\n').find((line) => line.startsWith('a@t|'))!.split('|');
    // name|instance_id|uuid|type|contact|status|state|max_no_answer|wrap_up_time|reject_delay_time|busy_delay_time|no_answer_delay_time
    expect(row.slice(0, 12)).toEqual(['a@t', 'single_box', '', 'callback', 'null/a', 'Available', 'Waiting', '3', '25', '11', '12', '13']);
    expect(await t.client.api('callcenter_config queue list tiers c@t')).toBe('queue|agent|state|level|position\nc@t|a@t|Ready|2|1\n+OK\n');
  });
});
