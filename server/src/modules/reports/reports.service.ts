// The reporting core (docs/reports.md): each report is a few reads of the rollups in one tenant
// transaction, assembled by pure functions. The single-tenant /api reports reuse this service.
import type { AgentReport, CampaignReport, Consumption, Dashboard, QueueReport, ReportQuery } from '@callcenter/rules/reports/shapes';
import { localDateOf, startOfLocalDay } from '@callcenter/rules/reports/period';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { forbidden } from '../../platform/http/errors.ts';
import * as agentRepo from './agent-report.repo.ts';
import { buildAgentReport } from './agent-report.ts';
import * as campaignRepo from './campaign-report.repo.ts';
import { buildCampaignReport } from './campaign-report.ts';
import { buildConsumption, buildDashboard } from './live-report.ts';
import * as live from './live.repo.ts';
import { queueIntervals, queueSettings, serviceLevelFormula } from './queue-report.repo.ts';
import { buildQueueReport } from './queue-report.ts';
import { resolvePeriod } from './report-period.ts';
import { intervalStarts } from './report-sql.ts';

/** Who reads a report: a holder of reports.view reads every agent; anyone else only its own Agent. */
export interface ReportViewer {
  tenantId: string;
  userId: string;
  seesAll: boolean;
}

export class ReportsService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly now: () => Date = () => new Date(),
  ) {}

  queues(tenantId: string, query: ReportQuery): Promise<QueueReport> {
    return this.db.withTenant(tenantId, async (tx) => {
      const tenant = await serviceLevelFormula(tx);
      const period = resolvePeriod(query, tenant.timezone, this.now().getTime());
      const [rows, queues, starts] = [await queueIntervals(tx, period, query), await queueSettings(tx), await intervalStarts(tx, period)];
      return buildQueueReport(rows, queues, starts, period, tenant.formula, query.queueId);
    });
  }

  agents(viewer: ReportViewer, query: ReportQuery): Promise<AgentReport> {
    return this.db.withTenant(viewer.tenantId, async (tx) => {
      const { timezone } = await serviceLevelFormula(tx);
      const period = resolvePeriod(query, timezone, this.now().getTime());
      let agentId = query.agentId;
      if (!viewer.seesAll) {
        const own = await agentRepo.agentOfUser(tx, viewer.userId);
        if (!own || (agentId && agentId !== own)) throw forbidden('An agent sees only its own report');
        agentId = own;
      }
      const now = this.now();
      const filters = { ...query, agentId };
      const rows = {
        states: await agentRepo.agentStateTime(tx, period, agentId, now),
        calls: await agentRepo.agentCalls(tx, period, filters),
        pauses: await agentRepo.agentPauseTime(tx, period, agentId, now),
        days: await agentRepo.agentDays(tx, period, agentId),
        agents: await agentRepo.agentNames(tx),
        pauseReasons: await agentRepo.pauseReasonNames(tx),
      };
      return buildAgentReport(rows, await intervalStarts(tx, period), period, agentId);
    });
  }

  campaigns(tenantId: string, query: ReportQuery): Promise<CampaignReport> {
    return this.db.withTenant(tenantId, async (tx) => {
      const { timezone } = await serviceLevelFormula(tx);
      const period = resolvePeriod(query, timezone, this.now().getTime());
      const rows = {
        intervals: await campaignRepo.campaignIntervals(tx, period, query),
        dispositions: await campaignRepo.campaignDispositions(tx, period, query),
        leads: await campaignRepo.leadCounts(tx, query),
        campaigns: await campaignRepo.campaignNames(tx),
      };
      return buildCampaignReport(rows, await intervalStarts(tx, period), period, query);
    });
  }

  dashboard(tenantId: string): Promise<Dashboard> {
    return this.db.withTenant(tenantId, async (tx) => {
      const now = this.now();
      const plan = await live.tenantPlan(tx);
      const today = startOfLocalDay(localDateOf(now.getTime(), plan.timezone), plan.timezone);
      const month = monthStart(now, plan.timezone);
      return buildDashboard({
        now,
        timezone: plan.timezone,
        formula: plan.serviceLevelFormula,
        maxMonthlyCalls: plan.maxMonthlyCalls,
        calls: await live.liveCalls(tx),
        waiting: await live.waitingByQueue(tx),
        agents: await live.agentsByState(tx),
        queueToday: await live.queueSumsSince(tx, new Date(today), now),
        queueTargets: (await queueSettings(tx)).filter((queue) => !queue.deleted),
        callsToday: await live.callsSince(tx, new Date(today)),
        callsThisMonth: await live.callsSince(tx, month),
      });
    });
  }

  consumption(tenantId: string): Promise<Consumption> {
    return this.db.withTenant(tenantId, async (tx) => {
      const now = this.now();
      const plan = await live.tenantPlan(tx);
      const month = monthStart(now, plan.timezone);
      return buildConsumption({
        now,
        month,
        timezone: plan.timezone,
        plan,
        calls: await live.callsSince(tx, month),
        recordingBytes: await live.storedRecordingBytes(tx),
      });
    });
  }
}

/** The first instant of the current month in the zone. */
function monthStart(now: Date, timezone: string): Date {
  return new Date(startOfLocalDay({ ...localDateOf(now.getTime(), timezone), day: 1 }, timezone));
}
