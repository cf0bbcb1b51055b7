// What a tick leaves behind (dialer.service.ts): the campaigns' states and minute samples written,
// and their CAMPAIGN_DIALER_UPDATED events published, each only when it changed (tick-changes.ts).
import type { Logger } from 'pino';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { CampaignDialerUpdatedPayload } from '../../platform/realtime/campaign-event-schemas.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { minuteOf } from './attempt-lifecycle.ts';
import type { Ticked } from './campaign-decision.ts';
import * as repo from './dialer.repo.ts';
import { isDue, isSampleDue, remember, STATE_HEARTBEAT_MS, type LastSent, type SampleView } from './tick-changes.ts';

export interface TickOutputsDeps {
  db: DatabaseHandles;
  realtime: RealtimePublisher;
  log: Logger;
}

export class TickOutputs {
  /** What was last written and published per campaign (tick-changes.ts): unchanged ones are not sent again. */
  private readonly savedStates = new Map<string, LastSent>();
  private readonly savedSamples = new Map<string, LastSent>();
  private readonly published = new Map<string, LastSent>();

  constructor(private readonly deps: TickOutputsDeps) {}

  /** Drops what is kept of campaigns this process no longer dials. */
  keepOnly(owned: ReadonlySet<string>): void {
    for (const memory of [this.savedStates, this.savedSamples, this.published]) {
      for (const campaignId of memory.keys()) if (!owned.has(campaignId)) memory.delete(campaignId);
    }
  }


  /**
   * The states and minute samples that changed (tick-changes.ts): a state when what the console
   * shows of it changed, calls were placed or its heartbeat is due; a sample when its minute or its
   * values changed or calls were placed (its counts add up within the minute).
   */
  async saveChanged(ticked: Ticked[], waiting: Map<string, number>, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const rows: repo.TickedCampaign[] = [];
    const states: Array<readonly [string, unknown]> = [];
    const samples: Array<readonly [string, unknown]> = [];
    for (const tick of ticked) {
      const id = tick.campaign.id;
      const leadsWaitingWindow = waiting.get(id) ?? 0;
      const stateView = [tick.level, tick.decision.mode, tick.reasons, leadsWaitingWindow];
      const sample: repo.SampleChange = {
        minute: minuteOf(now),
        dialLevel: tick.level,
        answerRate: tick.stats.outcomes > 0 ? tick.stats.answerProbability : null,
        abandonRate: tick.stats.answered > 0 ? tick.stats.abandonRate : null,
        callsInFlight: tick.inFlight,
        agentsAvailable: tick.load.available,
        agentsBusy: tick.load.busy.length,
        attempts: tick.placed,
      };
      const { minute, attempts: _attempts, ...values } = sample;
      const sampleSeen: SampleView = { minuteMs: minute.getTime(), values };
      const stateDue = isDue(this.savedStates.get(id), stateView, tick.placed, nowMs, STATE_HEARTBEAT_MS);
      const sampleDue = isSampleDue(this.savedSamples.get(id), sampleSeen, tick.placed, id, nowMs);
      if (!stateDue && !sampleDue) continue;
      if (stateDue) states.push([id, stateView]);
      if (sampleDue) samples.push([id, sampleSeen]);
      rows.push({
        tenantId: tick.campaign.tenantId,
        campaignId: id,
        state: stateDue
          ? {
              dialLevel: tick.level,
              mode: tick.decision.mode,
              lastDecision: { ...tick.decision, reasons: tick.reasons, placed: tick.placed, abandonAction: tick.abandonAction, at: now.toISOString(), callsRinging: tick.ringing, answeredWaiting: tick.answeredWaiting },
              leadsWaitingWindow,
            }
          : null,
        sample: sampleDue ? sample : null,
      });
    }
    const ids = new Set(ticked.map((tick) => tick.campaign.id));
    try {
      await repo.saveTicks(this.deps.db, rows);
      remember(this.savedStates, states, ids, nowMs, STATE_HEARTBEAT_MS);
      remember(this.savedSamples, samples, ids, nowMs);
    } catch (error) {
      // The calls are placed and followed; the console's state and chart miss this tick only.
      this.deps.log.warn({ err: error, campaigns: rows.length }, 'dialer state not saved; saved again next tick');
    }
  }

  /** CAMPAIGN_DIALER_UPDATED for the campaigns whose view changed, placed calls, or whose heartbeat is due. */
  async publishChanged(ticked: Ticked[], waiting: Map<string, number>, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const due: Array<{ tenantId: string; payload: CampaignDialerUpdatedPayload; view: unknown }> = [];
    for (const tick of ticked) {
      const { at: _at, placed: _placed, ...view } = this.payloadOf(tick, waiting.get(tick.campaign.id) ?? 0, now);
      if (!isDue(this.published.get(tick.campaign.id), view, tick.placed, nowMs)) continue;
      due.push({ tenantId: tick.campaign.tenantId, payload: { ...view, at: now.toISOString(), placed: tick.placed }, view });
    }
    const delivered = await Promise.all(due.map(async ({ tenantId, payload, view }) => ((await this.publishUpdate(tenantId, payload)) ? ([payload.campaignId, view] as const) : null)));
    remember(this.published, delivered.filter((entry) => entry !== null), new Set(ticked.map((tick) => tick.campaign.id)), nowMs);
  }

  /** What the console's live panel gets of a campaign's tick. */
  private payloadOf(tick: Ticked, waiting: number, now: Date): CampaignDialerUpdatedPayload {
    const { campaign } = tick;
    return {
      campaignId: campaign.id,
      at: now.toISOString(),
      mode: tick.decision.mode,
      dialLevel: tick.level,
      answerRate: tick.stats.outcomes > 0 ? tick.stats.answerProbability : null,
      abandonRate: tick.stats.answered > 0 ? tick.stats.abandonRate : null,
      abandonTarget: campaign.abandonTarget,
      callsRinging: tick.ringing,
      answeredWaiting: tick.answeredWaiting,
      callsInFlight: tick.inFlight,
      placed: tick.placed,
      reasons: tick.reasons,
      agents: { available: tick.load.available, busy: tick.load.busy.length },
      leadsWaitingWindow: waiting,
    };
  }

  /** True once published (a failure is sent again next tick). */
  private async publishUpdate(tenantId: string, payload: CampaignDialerUpdatedPayload): Promise<boolean> {
    try {
      await this.deps.realtime.publish(tenantId, 'CAMPAIGN_DIALER_UPDATED', { ...payload });
      return true;
    } catch (error) {
      this.deps.log.debug({ err: error, campaignId: payload.campaignId }, 'CAMPAIGN_DIALER_UPDATED not published');
      return false;
    }
  }
}
