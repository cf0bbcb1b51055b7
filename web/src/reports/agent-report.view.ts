// Pure: the agent report's table and charts from GET /reports/agents.
import { LOGGED_STATES, type LoggedState } from '@callcenter/rules/reports/metrics';
import type { AgentMetrics, AgentReport } from '@callcenter/rules/reports/shapes';
import { OKABE_ITO, seriesStyle, type ChartSpec } from './chart-model.ts';
import type { Column } from './report-table.ts';

export interface AgentRow {
  name: string;
  metrics: AgentMetrics;
}

const metric = (key: Exclude<keyof AgentMetrics, 'stateSeconds'>) => (row: AgentRow) => row.metrics[key];
const state = (key: LoggedState) => (row: AgentRow) => row.metrics.stateSeconds[key];

/** A colour per state, the same in every agent chart (paused orange, in call blue…). */
export const STATE_COLORS: Record<LoggedState, string> = {
  AVAILABLE: OKABE_ITO.bluishGreen,
  PAUSED: OKABE_ITO.orange,
  RESERVED: OKABE_ITO.yellow,
  RINGING: OKABE_ITO.skyBlue,
  IN_CALL: OKABE_ITO.blue,
  WRAP_UP: OKABE_ITO.reddishPurple,
  ON_EXTERNAL_CALL: OKABE_ITO.black,
};

export const AGENT_COLUMNS: readonly Column<AgentRow>[] = [
  { key: 'name', label: 'reports.columns.agent', kind: 'text', value: (row) => row.name },
  { key: 'logged', label: 'reports.columns.logged', kind: 'seconds', value: metric('loggedSeconds') },
  { key: 'paused', label: 'reports.columns.paused', kind: 'seconds', value: metric('pausedSeconds') },
  ...LOGGED_STATES.filter((key) => key !== 'PAUSED').map(
    (key): Column<AgentRow> => ({ key: `state-${key}`, label: `reports.states.${key}`, kind: 'seconds', value: state(key) }),
  ),
  { key: 'offered', label: 'reports.columns.offered', kind: 'count', value: metric('offered') },
  { key: 'answered', label: 'reports.columns.answered', kind: 'count', value: metric('answered') },
  { key: 'missed', label: 'reports.columns.missed', kind: 'count', value: metric('missed') },
  { key: 'averageTalk', label: 'reports.columns.averageTalk', kind: 'seconds', value: metric('averageTalkSeconds') },
  { key: 'averageHandle', label: 'reports.columns.averageHandle', kind: 'seconds', value: metric('averageHandleSeconds') },
  { key: 'occupancy', label: 'reports.columns.occupancy', kind: 'share', value: metric('occupancy') },
  { key: 'utilization', label: 'reports.columns.utilization', kind: 'share', value: metric('utilization') },
];

export const agentRows = (report: AgentReport): AgentRow[] =>
  report.agents.map((agent) => ({ name: agent.name, metrics: agent.metrics }));

export const agentTotals = (report: AgentReport, label: string): AgentRow => ({ name: label, metrics: report.totals });

/** Time per state, one stacked bar per agent, in the order of LOGGED_STATES. */
export function agentStatesChart(report: AgentReport, stateLabel: (state: LoggedState) => string): ChartSpec {
  return {
    labels: report.agents.map((agent) => agent.name),
    valueKind: 'seconds',
    series: LOGGED_STATES.map((key) => ({
      label: stateLabel(key),
      color: STATE_COLORS[key],
      kind: 'bar' as const,
      values: report.agents.map((agent) => agent.metrics.stateSeconds[key]),
    })),
  };
}

/** Pause time per reason, one stacked bar per agent; reasons in the order they first appear. */
export function agentPausesChart(report: AgentReport): ChartSpec {
  const reasons = new Map<string, string>();
  for (const agent of report.agents) for (const pause of agent.pauses) if (!reasons.has(pause.pauseReasonId)) reasons.set(pause.pauseReasonId, pause.name);
  return {
    labels: report.agents.map((agent) => agent.name),
    valueKind: 'seconds',
    series: [...reasons].map(([id, name], index) => ({
      label: name,
      ...seriesStyle(index),
      kind: 'bar' as const,
      values: report.agents.map((agent) => agent.pauses.filter((pause) => pause.pauseReasonId === id).reduce((sum, pause) => sum + pause.seconds, 0)),
    })),
  };
}
