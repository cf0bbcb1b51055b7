// What happens to one attempt after its originate, in the process that placed (or adopted) it:
// answered → an agent takes the customer (connected) or nobody does in time (abandoned: a message,
// then released) → the call ends. Each step is written once (the database refuses a second), and
// the end moves the lead (retry rules) and teaches the campaign's statistics.
import type { Logger } from 'pino';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import { recordOutcome, recordTalk } from '../../modules/dialer/campaign-statistics.ts';
import { leadAfterAttempt, type DialOutcome, type RetryRules } from '../../modules/dialer/retry.ts';
import { unansweredOutcome } from './dial-outcome.ts';
import * as repo from './dialer.repo.ts';

export interface TrackedAttempt {
  attemptId: string;
  callId: string;
  tenantId: string;
  campaignId: string;
  leadId: string;
  phone: string;
  simulated: boolean;
  /** The number the customer sees (the campaign's caller id), for a simulated call record. */
  callerNumber: string | null;
  createdAt: Date;
  answeredAt: Date | null;
  connectedAt: Date | null;
  /** Counted as abandoned already (by the timer, before the hangup). */
  abandoned: boolean;
  abandonAfterSeconds: number;
  rules: RetryRules;
  timer: NodeJS.Timeout | null;
}

export interface LifecycleDeps {
  db: DatabaseHandles;
  realtime: RealtimePublisher;
  log: Logger;
  /** Plays the abandoned customer the message and releases them. */
  releaseAbandoned(callId: string): Promise<void>;
}

interface CallEvents {
  created: Record<string, unknown> & { callId: string };
  ended: Record<string, unknown>;
}

export const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);

export class AttemptLifecycle {
  /** Attempts this process follows, by call id. */
  readonly tracked = new Map<string, TrackedAttempt>();

  constructor(private readonly deps: LifecycleDeps) {}

  follow(attempt: TrackedAttempt): void {
    this.tracked.set(attempt.callId, attempt);
  }

  /** The customer answered: the abandon clock starts. */
  async answered(attempt: TrackedAttempt, at: Date): Promise<void> {
    if (attempt.answeredAt) return;
    attempt.answeredAt = at;
    await this.deps.db.withTenant(attempt.tenantId, async (tx) => {
      await repo.markAnswered(tx, attempt.attemptId, at);
      // The state row before the sample: the lock order of every dialer write.
      await repo.countToday(tx, attempt.tenantId, attempt.campaignId, 'answered');
      await repo.countInSample(tx, attempt.tenantId, attempt.campaignId, minuteOf(at), 'answered');
    });
    if (attempt.connectedAt) return;
    const waitMs = Math.max(0, attempt.abandonAfterSeconds * 1000 - (Date.now() - at.getTime()));
    attempt.timer = setTimeout(() => {
      attempt.timer = null;
      this.abandonIfWaiting(attempt).catch((error: unknown) => this.deps.log.warn({ err: error, callId: attempt.callId }, 'abandon check failed'));
    }, waitMs);
    attempt.timer.unref();
  }

  /** An agent took the customer. */
  async connected(attempt: TrackedAttempt, at: Date): Promise<void> {
    if (attempt.connectedAt || attempt.abandoned) return;
    attempt.connectedAt = at;
    this.clearTimer(attempt);
    await this.deps.db.withTenant(attempt.tenantId, async (tx) => {
      if (!(await repo.markConnected(tx, attempt.attemptId, at))) return;
      const delay = seconds(attempt.createdAt, attempt.answeredAt ?? at);
      await repo.updateStatistics(tx, attempt.tenantId, attempt.campaignId, (stats) => recordOutcome(stats, { kind: 'ANSWERED', answerDelaySeconds: delay, abandoned: false }));
    });
  }

  /** Nobody took the customer within the campaign's seconds: counted, told, released. */
  async abandonIfWaiting(attempt: TrackedAttempt): Promise<void> {
    if (attempt.connectedAt || attempt.abandoned || !attempt.answeredAt) return;
    const marked = await this.deps.db.withTenant(attempt.tenantId, (tx) => this.countAbandoned(tx, attempt, new Date()));
    if (!marked) return;
    await this.deps.releaseAbandoned(attempt.callId).catch((error: unknown) => this.deps.log.warn({ err: error, callId: attempt.callId }, 'abandoned customer not released'));
  }

  private async countAbandoned(tx: Tx, attempt: TrackedAttempt, at: Date): Promise<boolean> {
    if (!(await repo.markAbandoned(tx, attempt.attemptId))) return false;
    attempt.abandoned = true;
    const delay = seconds(attempt.createdAt, attempt.answeredAt ?? at);
    await repo.updateStatistics(tx, attempt.tenantId, attempt.campaignId, (stats) => recordOutcome(stats, { kind: 'ANSWERED', answerDelaySeconds: delay, abandoned: true }));
    await repo.countToday(tx, attempt.tenantId, attempt.campaignId, 'abandoned');
    await repo.countInSample(tx, attempt.tenantId, attempt.campaignId, minuteOf(at), 'abandoned');
    return true;
  }

  /**
   * The call ended (hangup, failed originate, or a simulated outcome that never reached the switch:
   * then `simulatedRecord` writes its call record). Once: a second report is ignored.
   */
  async ended(attempt: TrackedAttempt, end: { at: Date; cause: string | null; simulatedRecord?: boolean }): Promise<DialOutcome | null> {
    this.clearTimer(attempt);
    this.tracked.delete(attempt.callId);
    let events: CallEvents | null = null;
    const outcome = await this.deps.db.withTenant(attempt.tenantId, async (tx) => {
      if (attempt.answeredAt && !attempt.connectedAt && !attempt.abandoned) {
        // The customer hung up while waiting for an agent: abandoned as well.
        await this.countAbandoned(tx, attempt, end.at);
      }
      const outcome: DialOutcome = attempt.connectedAt ? 'CONNECTED' : attempt.answeredAt ? 'ABANDONED' : unansweredOutcome(end.cause);
      const ended = await repo.endAttempt(tx, attempt.attemptId, { outcome, hangupCause: end.cause, endedAt: end.at });
      if (!ended) return null;
      await this.moveLead(tx, ended, attempt.rules, end.at);
      if (ended.outcome === 'CONNECTED' && ended.connectedAt) {
        const talk = seconds(ended.connectedAt, end.at);
        await repo.updateStatistics(tx, attempt.tenantId, attempt.campaignId, (stats) => recordTalk(stats, talk));
      } else if (!ended.answeredAt) {
        const ringSeconds = seconds(ended.createdAt, end.at);
        const kind = unansweredOutcome(end.cause);
        await repo.updateStatistics(tx, attempt.tenantId, attempt.campaignId, (stats) => recordOutcome(stats, { kind, ringSeconds }));
      }
      if (end.simulatedRecord) events = await this.recordSimulatedCall(tx, attempt, end.at, end.cause ?? 'NORMAL_TEMPORARY_FAILURE');
      return ended.outcome;
    });
    // After the commit: a console told about the call finds it.
    if (events) await this.publishCallEvents(attempt.tenantId, events);
    return outcome;
  }

  /**
   * The retry rule, unless the lead was moved while the call went on: a status that is not
   * dialable any more (completed by a disposition, suppressed) or a callback booked during the call stays.
   */
  private async moveLead(tx: Tx, ended: repo.EndedAttempt, rules: RetryRules, at: Date): Promise<void> {
    const lead = await repo.lockLead(tx, ended.leadId);
    if (!lead) return;
    const next = leadAfterAttempt(lead, ended.outcome, rules, at);
    const bookedDuringCall = lead.status === 'CALLBACK' && lead.nextAttemptAt !== null && lead.nextAttemptAt > ended.createdAt;
    if ((lead.status !== 'READY' && lead.status !== 'CALLBACK') || bookedDuringCall) {
      await repo.updateLead(tx, ended.leadId, { status: lead.status, attempts: next.attempts, nextAttemptAt: lead.nextAttemptAt, lastOutcome: next.lastOutcome });
      return;
    }
    await repo.updateLead(tx, ended.leadId, next);
  }

  /** The record of a call that never reached the switch, and the CALL_* events the switch consumer would have sent. */
  private async recordSimulatedCall(tx: Tx, attempt: TrackedAttempt, endedAt: Date, cause: string): Promise<CallEvents | null> {
    const call = await repo.insertSimulatedCall(tx, {
      callId: attempt.callId,
      tenantId: attempt.tenantId,
      campaignId: attempt.campaignId,
      leadId: attempt.leadId,
      attemptId: attempt.attemptId,
      callerNumber: attempt.callerNumber,
      calledNumber: attempt.phone,
      createdAt: attempt.createdAt,
      endedAt,
      hangupCause: cause,
    });
    if (!call) return null;
    const created = call.createdAt.toISOString();
    return {
      created: {
        callId: call.id,
        direction: call.direction,
        callerNumber: call.callerNumber,
        callerName: call.callerName,
        calledNumber: call.calledNumber,
        extensionId: null,
        trunkId: null,
        campaignId: call.campaignId,
        createdAt: created,
      },
      ended: {
        callId: call.id,
        direction: call.direction,
        queueId: null,
        agentId: null,
        createdAt: created,
        answerAt: null,
        bridgedAt: null,
        endedAt: endedAt.toISOString(),
        hangupCause: cause,
        ringTime: call.ringTime,
        waitTime: 0,
        talkTime: 0,
        durationSeconds: call.durationSeconds,
        billableSeconds: 0,
      },
    };
  }

  private async publishCallEvents(tenantId: string, events: CallEvents): Promise<void> {
    try {
      await this.deps.realtime.publish(tenantId, 'CALL_CREATED', events.created);
      await this.deps.realtime.publish(tenantId, 'CALL_ENDED', events.ended);
    } catch (error) {
      // The record is committed; a console corrects itself on its next read.
      this.deps.log.warn({ err: error, callId: events.created.callId }, 'simulated call events not published');
    }
  }

  private clearTimer(attempt: TrackedAttempt): void {
    if (attempt.timer) clearTimeout(attempt.timer);
    attempt.timer = null;
  }

  /** Stops every timer (the process stops; what is in flight is reconciled by the next owner). */
  stopAll(): void {
    for (const attempt of this.tracked.values()) this.clearTimer(attempt);
    this.tracked.clear();
  }
}
