// The agent report from its rows (docs/reports.md "Agents"): pure.
import {
  average,
  emptyStateSeconds,
  LOGGED_STATES,
  loggedSeconds,
  occupancy,
  utilization,
  type LoggedState,
  type StateSeconds,
} from '@callcenter/rules/reports/metrics';
import type { AgentMetrics, AgentReport } from '@callcenter/rules/reports/shapes';
import type { AgentCallRow, AgentDayRow, AgentNameRow, AgentPauseRow, AgentStateRow } from './agent-report.repo.ts';
import { startKey } from './report-sql.ts';
import type { ResolvedPeriod } from './report-period.ts';

interface AgentSums {
  stateMs: StateSeconds;
  offered: number;
  missed: number;
  answered: number;
  talkMs: number;
  wrapUpMs: number;
}

const emptyAgentSums = (): AgentSums => ({ stateMs: emptyStateSeconds(), offered: 0, missed: 0, answered: 0, talkMs: 0, wrapUpMs: 0 });

const isLoggedState = (state: string): state is LoggedState => (LOGGED_STATES as readonly string[]).includes(state);

function addState(sums: AgentSums, row: AgentStateRow): void {
  if (isLoggedState(row.state)) sums.stateMs[row.state] += Number(row.ms);
  if (row.state === 'RINGING') {
    sums.offered += Number(row.entered);
    sums.missed += Number(row.missed);
  }
}

function addCalls(sums: AgentSums, row: AgentCallRow): void {
  sums.answered += Number(row.answered);
  sums.talkMs += Number(row.talkMs);
  sums.wrapUpMs += Number(row.wrapUpMs);
}

export function agentMetrics(sums: AgentSums): AgentMetrics {
  const stateSeconds = Object.fromEntries(LOGGED_STATES.map((state) => [state, sums.stateMs[state] / 1000])) as StateSeconds;
  const talk = average(sums.talkMs, sums.answered);
  const handle = average(sums.talkMs + sums.wrapUpMs, sums.answered);
  return {
    loggedSeconds: loggedSeconds(stateSeconds),
    pausedSeconds: stateSeconds.PAUSED,
    stateSeconds,
    offered: sums.offered,
    answered: sums.answered,
    missed: sums.missed,
    averageTalkSeconds: talk === null ? null : talk / 1000,
    averageHandleSeconds: handle === null ? null : handle / 1000,
    occupancy: occupancy(stateSeconds),
    utilization: utilization(stateSeconds),
  };
}

export interface AgentReportRows {
  states: AgentStateRow[];
  calls: AgentCallRow[];
  pauses: AgentPauseRow[];
  days: AgentDayRow[];
  agents: AgentNameRow[];
  pauseReasons: Array<{ id: string; code: string; name: string }>;
}

export function buildAgentReport(rows: AgentReportRows, starts: Date[], period: ResolvedPeriod, onlyAgent?: string): AgentReport {
  const totals = emptyAgentSums();
  const byStart = new Map(starts.map((start) => [startKey(start), emptyAgentSums()]));
  const byAgent = new Map<string, AgentSums>();
  const agentSums = (agentId: string) => byAgent.get(agentId) ?? byAgent.set(agentId, emptyAgentSums()).get(agentId)!;
  for (const row of rows.states) {
    addState(totals, row);
    addState(agentSums(row.agentId), row);
    const point = byStart.get(startKey(row.start));
    if (point) addState(point, row);
  }
  for (const row of rows.calls) {
    addCalls(totals, row);
    addCalls(agentSums(row.agentId), row);
    const point = byStart.get(startKey(row.start));
    if (point) addCalls(point, row);
  }
  const reasons = new Map(rows.pauseReasons.map((reason) => [reason.id, reason]));
  const shown = rows.agents.filter((agent) => (onlyAgent ? agent.agentId === onlyAgent : byAgent.has(agent.agentId) || !agent.deleted));
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), timezone: period.timezone, interval: period.interval },
    totals: agentMetrics(totals),
    series: [...byStart].map(([start, sums]) => ({ start, metrics: agentMetrics(sums) })),
    agents: shown.map((agent) => ({
      agentId: agent.agentId,
      name: agent.name,
      metrics: agentMetrics(byAgent.get(agent.agentId) ?? emptyAgentSums()),
      pauses: rows.pauses
        .filter((pause) => pause.agentId === agent.agentId && Number(pause.ms) > 0)
        .map((pause) => ({
          pauseReasonId: pause.pauseReasonId,
          code: reasons.get(pause.pauseReasonId)?.code ?? '',
          name: reasons.get(pause.pauseReasonId)?.name ?? '',
          seconds: Number(pause.ms) / 1000,
        })),
      days: rows.days
        .filter((day) => day.agentId === agent.agentId)
        .map((day) => ({
          day: day.day,
          firstLoginAt: day.firstLoginAt.toISOString(),
          lastLogoutAt: day.lastLogoutAt ? day.lastLogoutAt.toISOString() : null,
        })),
    })),
  };
}
