// The switch side of an attempt in the process that placed it: the originate (simulation mode draws
// the outcome first; only an answer reaches the switch), the switch's events about the calls this
// process follows, and the release of an abandoned customer.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import { SwitchCommandError } from '../../platform/switch/errors.ts';
import type { SwitchEvent } from '../../platform/switch/esl-parser.ts';
import { memberSessionOf, uuidOrNull } from '../event-consumer/call-correlation.ts';
import type { AttemptLifecycle, TrackedAttempt } from './attempt-lifecycle.ts';
import { originateFailureCause } from './dial-outcome.ts';
import { isPlainSwitchPath } from '../../platform/switch/naming.ts';
import { campaignAbandonSound, defaultAbandonLanguage, defaultAbandonSound, tenantLocale } from './abandon-message.ts';
import * as repo from './dialer.repo.ts';
import { abandonCommand, originateCommand, RING_TIMEOUT_SECONDS, type OriginateTarget } from './originate-command.ts';
import { DEFAULT_SIMULATION_MODEL, drawSimulatedOutcome, type SimulationModel } from './simulated-outcome.ts';

export const DEFAULT_ABANDON_MESSAGE = 'ivr/ivr-thank_you_for_calling.wav';

export interface AttemptDialerDeps {
  db: DatabaseHandles;
  esl: Pick<EslClient, 'api' | 'bgapi' | 'on' | 'off'>;
  lifecycle: AttemptLifecycle;
  log: Logger;
  options: { simulationModel?: SimulationModel; random?: () => number; abandonMessage?: string; confDir?: string; recordingsDir?: string };
}

export class AttemptDialer {
  constructor(private readonly deps: AttemptDialerDeps) {}

  /** Starts (and stops) following the switch's events. */
  listen(): void {
    this.deps.esl.on('event', this.onEvent);
  }

  stopListening(): void {
    this.deps.esl.off('event', this.onEvent);
  }

  /** Originates one attempt (simulation: draws its outcome first; only ANSWER reaches the switch). */
  async dial(campaign: repo.CampaignSnapshot, attempt: TrackedAttempt, leadName: string | null): Promise<void> {
    let target: OriginateTarget;
    if (attempt.simulated) {
      const drawn = drawSimulatedOutcome(this.deps.options.simulationModel ?? DEFAULT_SIMULATION_MODEL, RING_TIMEOUT_SECONDS, this.deps.options.random);
      if (drawn.kind !== 'ANSWER') {
        const timer = setTimeout(() => {
          this.deps.lifecycle
            .ended(attempt, { at: new Date(), cause: drawn.hangupCause, simulatedRecord: true })
            .catch((error: unknown) => this.deps.log.warn({ err: error, callId: attempt.callId }, 'simulated outcome not written'));
        }, drawn.ringMs);
        attempt.timer = timer;
        timer.unref();
        return;
      }
      target = { kind: 'SIMULATED', ringMs: drawn.ringMs, talkMs: drawn.talkMs };
    } else {
      target = { kind: 'GATEWAY', trunkId: campaign.trunkId };
    }
    const recordingId = randomUUID();
    const command = originateCommand({
      tenantId: attempt.tenantId,
      callId: attempt.callId,
      attemptId: attempt.attemptId,
      campaignId: attempt.campaignId,
      leadId: attempt.leadId,
      queueId: campaign.queueId,
      recordingId,
      recordFile: campaign.recordingEnabled ? this.campaignRecordFile(attempt, recordingId) : null,
      phone: attempt.phone,
      leadName,
      callerId: campaign.callerId,
      timeoutSeconds: RING_TIMEOUT_SECONDS,
      target,
    });
    try {
      // The job's result comes when the customer answers (originate waits), or with the failure's cause.
      await this.deps.esl.bgapi(command, (RING_TIMEOUT_SECONDS + 15) * 1000);
      await this.deps.lifecycle.answered(attempt, new Date());
    } catch (error) {
      if (!(error instanceof SwitchCommandError)) {
        // The switch went away or did not answer: the attempt stays in flight for the reconciliation.
        this.deps.log.warn({ err: error, callId: attempt.callId }, 'originate without a result; left to reconciliation');
        return;
      }
      const cause = originateFailureCause(error.reply) ?? 'NORMAL_TEMPORARY_FAILURE';
      // No channel may have existed (gateway down, bad number): the call record is the dialer's to write then.
      const recorded = await repo.callEndOf(this.deps.db, attempt.callId);
      await this.deps.lifecycle.ended(attempt, { at: new Date(), cause, simulatedRecord: !recorded });
    }
  }

  /** Follows the switch's word on the calls this process placed. */
  private readonly onEvent = (event: SwitchEvent): void => {
    const work = this.eventWork(event);
    if (work) work.catch((error: unknown) => this.deps.log.warn({ err: error, event: event.name }, 'dialer event not applied'));
  };

  private eventWork(event: SwitchEvent): Promise<unknown> | null {
    const { headers } = event;
    if (event.name === 'CUSTOM' && event.subclass === 'callcenter::info' && headers['CC-Action'] === 'bridge-agent-start') {
      const attempt = this.trackedOf(memberSessionOf(headers));
      return attempt ? this.deps.lifecycle.connected(attempt, new Date()) : null;
    }
    if (event.name === 'CHANNEL_BRIDGE') {
      const attempt = this.trackedOf(uuidOrNull(headers['Unique-ID'])) ?? this.trackedOf(uuidOrNull(headers['Other-Leg-Unique-ID']));
      return attempt?.answeredAt ? this.deps.lifecycle.connected(attempt, new Date()) : null;
    }
    if (event.name === 'CHANNEL_ANSWER') {
      const attempt = this.trackedOf(uuidOrNull(headers['Unique-ID']));
      return attempt ? this.deps.lifecycle.answered(attempt, new Date()) : null;
    }
    if (event.name === 'CHANNEL_HANGUP_COMPLETE' || event.name === 'CHANNEL_HANGUP') {
      const attempt = this.trackedOf(uuidOrNull(headers['Unique-ID']));
      return attempt ? this.deps.lifecycle.ended(attempt, { at: new Date(), cause: headers['Hangup-Cause'] ?? null }) : null;
    }
    return null;
  }

  private trackedOf(callId: string | null): TrackedAttempt | null {
    return callId ? (this.deps.lifecycle.tracked.get(callId) ?? null) : null;
  }

  async releaseAbandoned(callId: string): Promise<void> {
    const message = (await this.campaignMessage(callId)) ?? this.deps.options.abandonMessage ?? (await this.defaultMessage(callId)) ?? DEFAULT_ABANDON_MESSAGE;
    try {
      await this.deps.esl.api(abandonCommand(callId, message));
    } catch {
      await this.deps.esl.api(`uuid_kill ${callId} NORMAL_CLEARING`);
    }
  }

  /** Where the queue's record-template would put this entry's recording (decision 0041), when the command line can carry it. */
  private campaignRecordFile(attempt: TrackedAttempt, recordingId: string): string | null {
    const dir = this.deps.options.recordingsDir;
    if (!dir) return null;
    const file = `${dir}/${attempt.tenantId}/${attempt.callId}-${recordingId}.wav`;
    if (isPlainSwitchPath(file)) return file;
    this.deps.log.warn({ callId: attempt.callId }, 'campaign recording not started: FREESWITCH_RECORDINGS_DIR cannot travel the command line');
    return null;
  }

  /** The platform's message in the tenant's language (decision 0068), else null (the switch's stock sound). */
  private async defaultMessage(callId: string): Promise<string | null> {
    const attempt = this.trackedOf(callId);
    const { confDir } = this.deps.options;
    if (!attempt || !confDir) return null;
    try {
      return await defaultAbandonSound(confDir, defaultAbandonLanguage(await tenantLocale(this.deps.db, attempt.tenantId)));
    } catch (error) {
      this.deps.log.warn({ err: error, callId }, 'default abandon message not copied to the switch; stock sound played');
      return null;
    }
  }

  /** The campaign's own message when the switch can play it now, else null (decision 0052). */
  private async campaignMessage(callId: string): Promise<string | null> {
    const attempt = this.trackedOf(callId);
    const { confDir } = this.deps.options;
    if (!attempt || !confDir) return null;
    try {
      const sound = await campaignAbandonSound(this.deps.db, confDir, attempt.tenantId, attempt.campaignId);
      if (sound.kind === 'OWN') return sound.path;
      if (sound.kind !== 'NONE') this.deps.log.warn({ callId, campaignId: attempt.campaignId, path: sound.path, reason: sound.kind }, 'campaign abandon message not played; default played');
    } catch (error) {
      this.deps.log.warn({ err: error, callId }, 'campaign abandon message not read; default played');
    }
    return null;
  }
}
