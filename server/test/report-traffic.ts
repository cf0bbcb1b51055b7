// Helpers of the report tests that drive real traffic through the switch simulator: the reports as
// the API answers them, a period around the test's own time, and durations compared with what the
// test measured on its side of the simulator (whose clock is the host's, at speed 1).
import { expect } from 'vitest';
import type { AgentReport, CampaignReport, QueueReport } from '@callcenter/rules/reports/shapes';
import type { Session } from './harness.ts';
import type { SwitchedApp } from './switch.ts';

const QUARTER = 15 * 60_000;

/** Quarter hours from an hour before now to two hours after (what `from`/`to` accept), in 15-minute intervals. */
export function periodAroundNow(): { from: string; to: string } {
  const start = Math.floor(Date.now() / QUARTER) * QUARTER - 4 * QUARTER;
  return { from: new Date(start).toISOString(), to: new Date(start + 12 * QUARTER).toISOString() };
}

interface Reports {
  queues: QueueReport;
  agents: AgentReport;
  campaigns: CampaignReport;
}

/** GET /reports/<kind> over the period around now (and the filters), as `auth`; its status and body. */
export async function fetchReport<K extends keyof Reports>(t: SwitchedApp, auth: Session['auth'], kind: K, filters: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...periodAroundNow(), ...filters });
  const response = await t.app.inject({ method: 'GET', url: `/reports/${kind}?${query}`, headers: auth });
  return { status: response.statusCode, body: response.json<Reports[K]>() };
}

/** The report, which must answer 200. */
export async function report<K extends keyof Reports>(t: SwitchedApp, auth: Session['auth'], kind: K, filters: Record<string, string> = {}) {
  const { status, body } = await fetchReport(t, auth, kind, filters);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/**
 * How far a duration the switch stamped may be from the one the test measured around its own
 * actions: the events' delivery and the simulator's 60 ms dispatch tick, with room for a busy host.
 */
export const TOLERANCE_SECONDS = 0.6;

/** `actual` (seconds, from a report) is the measured `expected` within the tolerance. */
export function near(actual: number | null | undefined, expected: number, tolerance = TOLERANCE_SECONDS): void {
  expect(actual, `expected ~${expected.toFixed(2)} s`).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${actual} s against a measured ${expected.toFixed(2)} s`).toBeLessThanOrEqual(tolerance);
}

export const seconds = (fromMs: number, toMs: number) => (toMs - fromMs) / 1000;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
