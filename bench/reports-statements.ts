// The reports bench's cases and their baselines: each report's periods (a day by hour, a week and
// a month by day, read back from the instant its data was generated), and each report's main
// rollup read compiled from the repository's own code (the builders the service runs), so the
// baseline is the very statement, sent by a bare client in one round trip as the application role
// under row-level security (set_config and the statement in one simple query, as read-path's d_rls).
import {
  CamelCasePlugin,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { addDays, localDateOf, startOfLocalDay, type ReportInterval } from '@callcenter/rules/reports/period';
import { agentStateTime } from '../server/src/modules/reports/agent-report.repo.ts';
import { campaignIntervals } from '../server/src/modules/reports/campaign-report.repo.ts';
import { callsSince, queueSumsSince } from '../server/src/modules/reports/live.repo.ts';
import { queueIntervals } from '../server/src/modules/reports/queue-report.repo.ts';
import type { ResolvedPeriod } from '../server/src/modules/reports/report-period.ts';
import type { Tx } from '../server/src/platform/db/database.ts';
import type { Database } from '../server/src/platform/db/schema.ts';

export interface BenchPeriod {
  name: 'day' | 'week' | 'month';
  from: Date;
  to: Date;
  interval: ReportInterval;
}

/** Yesterday by hour, the 7 days before today by day, and the 30 days up to today's end by day (local days). */
export function periodsOf(until: Date, timezone: string): BenchPeriod[] {
  const today = localDateOf(until.getTime(), timezone);
  const start = (days: number) => new Date(startOfLocalDay(addDays(today, days), timezone));
  return [
    { name: 'day', from: start(-1), to: start(0), interval: 'hour' },
    { name: 'week', from: start(-7), to: start(0), interval: 'day' },
    { name: 'month', from: start(-29), to: start(1), interval: 'day' },
  ];
}

/** Records the statements a repository function sends, answering none. */
class Capture implements DatabaseConnection {
  readonly queries: CompiledQuery[] = [];
  executeQuery<R>(query: CompiledQuery) {
    this.queries.push(query);
    return Promise.resolve({ rows: [] as R[] });
  }
  // eslint-disable-next-line require-yield -- never streamed
  async *streamQuery<R>(): AsyncIterableIterator<{ rows: R[] }> {
    throw new Error('not streamed');
  }
}

const capture = new Capture();
const driver: Driver = {
  init: async () => undefined,
  acquireConnection: async () => capture,
  beginTransaction: async () => undefined,
  commitTransaction: async () => undefined,
  rollbackTransaction: async () => undefined,
  releaseConnection: async () => undefined,
  destroy: async () => undefined,
};
// The platform's own Kysely setup (CamelCasePlugin), on a connection that only records.
const recorder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

/** A parameter as an SQL literal (dates as ISO instants; the statements cast or compare them). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value !== 'string' && !(value instanceof Date)) throw new Error(`no literal for ${typeof value}`);
  const text = value instanceof Date ? value.toISOString() : value;
  return `'${text.replaceAll("'", "''")}'`;
}

/** The statement with its parameters written in, so it runs in a multi-statement simple query. */
function inline(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_match, index: string) => literal(query.parameters[Number(index) - 1]));
}

/** The one statement `read` sends, with its parameters inlined. */
async function statementOf(read: (tx: Tx) => Promise<unknown>): Promise<string> {
  capture.queries.length = 0;
  await read(recorder as unknown as Tx);
  if (capture.queries.length !== 1) throw new Error(`expected one statement, got ${capture.queries.length}`);
  return inline(capture.queries[0]!);
}

export interface ReportCase {
  report: 'queues' | 'agents' | 'campaigns' | 'dashboard' | 'consumo';
  period: BenchPeriod['name'] | 'now';
  path: string;
  /** The report's main rollup read (the repository's statement), inlined. */
  statement: string;
  /** Which repository function it is. */
  statementName: string;
}

/** Every case of one tenant: three reports × three periods, the dashboard and the usage page. */
export async function casesOf(until: Date, timezone: string, now: Date): Promise<ReportCase[]> {
  const cases: ReportCase[] = [];
  for (const period of periodsOf(until, timezone)) {
    const resolved: ResolvedPeriod = { from: period.from, to: period.to, interval: period.interval, timezone };
    const query = new URLSearchParams({ from: period.from.toISOString(), to: period.to.toISOString(), interval: period.interval }).toString();
    cases.push(
      { report: 'queues', period: period.name, path: `/reports/queues?${query}`, statementName: 'queueIntervals', statement: await statementOf((tx) => queueIntervals(tx, resolved, {})) },
      {
        report: 'agents',
        period: period.name,
        path: `/reports/agents?${query}`,
        statementName: 'agentStateTime',
        statement: await statementOf((tx) => agentStateTime(tx, resolved, undefined, now)),
      },
      {
        report: 'campaigns',
        period: period.name,
        path: `/reports/campaigns?${query}`,
        statementName: 'campaignIntervals',
        statement: await statementOf((tx) => campaignIntervals(tx, resolved, {})),
      },
    );
  }
  // The dashboard's and the usage page's periods are today's and this month's, as the service reads them now.
  const today = new Date(startOfLocalDay(localDateOf(now.getTime(), timezone), timezone));
  const month = new Date(startOfLocalDay({ ...localDateOf(now.getTime(), timezone), day: 1 }, timezone));
  cases.push(
    { report: 'dashboard', period: 'now', path: '/reports/dashboard', statementName: 'queueSumsSince(today)', statement: await statementOf((tx) => queueSumsSince(tx, today, now)) },
    { report: 'consumo', period: 'now', path: '/reports/consumo', statementName: 'callsSince(month)', statement: await statementOf((tx) => callsSince(tx, month)) },
  );
  return cases;
}
