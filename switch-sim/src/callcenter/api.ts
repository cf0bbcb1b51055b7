// `callcenter_config` (mod_callcenter.c cc_config_api_function) with its exact replies, and the
// list formats of its SQL results ("col|col\n" header, rows, then "+OK\n").
import type { CallCenter, CcStatus } from './callcenter.ts';
import { AGENT_COLUMNS, MEMBER_COLUMNS, TIER_COLUMNS, agentRow, atoi, memberRow } from './types.ts';

/** switch_separate_string(' ') with its '...' quoting, at most 8 arguments. */
export function separate(text: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null && out.length < 8) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

const INVALID = '-ERR Invalid!\n';

const AGENT_REPLIES: Partial<Record<CcStatus, string>> = {
  ok: '+OK\n',
  'invalid-status': '-ERR Invalid Agent Status!\n',
  'invalid-state': '-ERR Invalid Agent State!\n',
  'invalid-type': '-ERR Invalid Agent Type!\n',
  'invalid-key': '-ERR Invalid Agent Update KEY!\n',
  'not-found': '-ERR Agent not found!\n',
};

const TIER_ADD_REPLIES: Partial<Record<CcStatus, string>> = {
  ok: '+OK\n',
  'queue-not-found': '-ERR Queue not found!\n',
  'invalid-tier-state': '-ERR Invalid Tier State!\n',
  'not-found': '-ERR Agent not found!\n',
  'tier-exists': '-ERR Tier already exist!\n',
};

function agentReply(status: CcStatus): string {
  return AGENT_REPLIES[status] ?? '-ERR Unknown Error!\n';
}

function table(header: string, rows: string[][]): string {
  if (rows.length === 0) return '+OK\n';
  return `${header}\n${rows.map((row) => row.join('|')).join('\n')}\n+OK\n`;
}

export function callcenterConfig(cc: CallCenter, arg: string | undefined): string {
  if (!arg?.trim()) return '-USAGE: \ncallcenter_config <target> <args>\n';
  const argv = separate(arg);
  if (argv.length < 2) return INVALID;
  // strcasecmp in the C code: `TIER Add` is `tier add`.
  const [section, action] = [argv[0]!.toLowerCase(), argv[1]!.toLowerCase()];
  const rest = argv.slice(2);
  const n = rest.length;
  if (section === 'agent') {
    if (action === 'add') {
      if (n < 2) return INVALID;
      const status = cc.agentAdd(rest[0]!, rest[1]!);
      return status === 'ok' ? '+OK\n' : status === 'exists' ? '-ERR Agent already exist!\n' : status === 'invalid-type' ? '-ERR Agent type invalid!\n' : '-ERR Unknown Error!\n';
    }
    if (action === 'del') return n < 1 ? INVALID : agentReply(cc.agentDel(rest[0]!));
    if (action === 'reload') return n < 1 ? INVALID : '+OK\n';
    if (action === 'set') return n < 3 ? INVALID : agentReply(cc.agentSet(rest[0]!, rest[1]!, rest[2]!));
    if (action === 'get') {
      if (n < 2) return INVALID;
      const got = cc.agentGet(rest[0]!, rest[1]!);
      if (got.ok) return got.value;
      return got.status === 'not-found' ? '-ERR Agent not found!\n' : '-ERR Invalid Agent Update KEY!\n';
    }
    if (action === 'list') {
      if (n > 1) return INVALID;
      const agents = [...cc.agents.values()].filter((a) => n === 0 || a.name === rest[0]);
      return table(AGENT_COLUMNS, agents.map(agentRow));
    }
    return '';
  }
  if (section === 'tier') {
    if (action === 'add') {
      if (n < 2) return INVALID;
      const level = rest[2] ? atoi(rest[2]) : 1;
      const position = rest[3] ? atoi(rest[3]) : 1;
      return TIER_ADD_REPLIES[cc.tierAdd(rest[0]!, rest[1]!, 'Ready', level, position)] ?? '-ERR Unknown Error!\n';
    }
    if (action === 'set') {
      if (n < 4) return INVALID;
      const status = cc.tierSet(rest[0]!, rest[1]!, rest[2]!, rest[3]!);
      if (status === 'ok') return '+OK\n';
      if (status === 'invalid-tier-state') return '-ERR Invalid Tier State!\n';
      if (status === 'invalid-key') return '-ERR Invalid Tier Update KEY!\n';
      // mod_callcenter answers a missing queue as a missing agent, and a missing tier with its default.
      if (status === 'not-found' || status === 'queue-not-found') return '-ERR Agent not found!\n';
      return '-ERR Unknown Error!\n';
    }
    if (action === 'del') return n < 2 ? INVALID : cc.tierDel(rest[0]!, rest[1]!) === 'ok' ? '+OK\n' : '-ERR Unknown Error!\n';
    // load_tiers: the configuration's <tiers> of that queue (or `all`), of one agent when named.
    if (action === 'reload') return n < 1 ? INVALID : cc.reloadTiers(rest[0]!, rest[1]) ? '+OK\n' : '-ERR Unknown Error!\n';
    if (action === 'list') return table(TIER_COLUMNS, cc.tiers.map((t) => [t.queue, t.agent, t.state, String(t.level), String(t.position)]));
    return '';
  }
  if (section === 'queue') {
    // load_queue(name, TRUE, TRUE): a new queue object (counters at 0), with the configuration's agents and tiers.
    if (action === 'load') return n < 1 ? INVALID : cc.loadQueue(rest[0]!, { members: true }) ? '+OK\n' : '-ERR Invalid Queue not found!\n';
    if (action === 'unload') {
      if (n < 1) return INVALID;
      cc.unloadQueue(rest[0]!);
      return '+OK\n';
    }
    if (action === 'reload') {
      if (n < 1) return INVALID;
      cc.unloadQueue(rest[0]!);
      return cc.loadQueue(rest[0]!, { members: true }) ? '+OK\n' : '-ERR Invalid Queue not found!\n';
    }
    if (action === 'list') {
      if (n < 1) {
        const header =
          'name|strategy|moh_sound|time_base_score|tier_rules_apply|tier_rule_wait_second|tier_rule_wait_multiply_level|tier_rule_no_agent_no_wait|discard_abandoned_after|abandoned_resume_allowed|max_wait_time|max_wait_time_with_no_agent|max_wait_time_with_no_agent_time_reached|record_template|calls_answered|calls_abandoned|ring_progressively_delay|skip_agents_with_external_calls|agent_no_answer_status\n';
        const rows = [...cc.queues.values()].map(
          (q) =>
            `${q.name}|${q.strategy}|${q.moh}|${q.timeBaseScore}|${q.tierRulesApply}|${q.tierRuleWaitSecond}|${q.tierRuleWaitMultiplyLevel}|${q.tierRuleNoAgentNoWait}|${q.discardAbandonedAfter}|${q.abandonedResumeAllowed}|${q.maxWaitTime}|${q.maxWaitTimeWithNoAgent}|${q.maxWaitTimeWithNoAgentTimeReached}|${q.recordTemplate}|${q.callsAnswered}|${q.callsAbandoned}|${q.ringProgressivelyDelay}|${q.skipAgentsWithExternalCalls}|${q.agentNoAnswerStatus}\n`,
        );
        return `${header}${rows.join('')}+OK\n`;
      }
      const [sub, queue, status, state] = rest;
      const now = cc.nowSec();
      if (sub === 'agents') {
        const names = new Set(cc.tiers.filter((t) => t.queue === queue).map((t) => t.agent));
        const agents = [...cc.agents.values()].filter((a) => names.has(a.name) && (!status || a.status === status) && (!state || a.state === state));
        return table(AGENT_COLUMNS, agents.map(agentRow));
      }
      if (sub === 'members') {
        const members = cc.members.filter((m) => !queue || m.queue === queue).sort((a, b) => (queue ? 0 : a.queue.localeCompare(b.queue)) || now - b.joinedEpoch - (now - a.joinedEpoch));
        return table(MEMBER_COLUMNS, members.map((m) => memberRow(m, now)));
      }
      if (sub === 'tiers') return table(TIER_COLUMNS, cc.tiers.filter((t) => t.queue === queue).map((t) => [t.queue, t.agent, t.state, String(t.level), String(t.position)]));
      return INVALID;
    }
    if (action === 'count') {
      if (n < 1) return `${cc.queues.size}\n`;
      const [sub, queue, status, state] = rest;
      if (sub === 'agents') {
        const names = new Set(cc.tiers.filter((t) => t.queue === queue).map((t) => t.agent));
        return `${[...cc.agents.values()].filter((a) => names.has(a.name) && (!status || a.status === status) && (!state || a.state === state)).length}\n`;
      }
      if (sub === 'members') return `${cc.members.filter((m) => m.queue === queue).length}\n`;
      if (sub === 'tiers') return `${cc.tiers.filter((t) => t.queue === queue).length}\n`;
      return INVALID;
    }
    return '';
  }
  if (section === 'member' && action === 'list') {
    const now = cc.nowSec();
    return table(MEMBER_COLUMNS, cc.members.map((m) => memberRow(m, now)));
  }
  return '';
}
