// Attempts a dead dialer left in flight (decision 0047): each live dialer flags itself; an attempt
// no process follows and whose owner is not alive is adopted, then checked against the switch.
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import type { AttemptLifecycle, TrackedAttempt } from './attempt-lifecycle.ts';
import * as repo from './dialer.repo.ts';
import { RING_TIMEOUT_SECONDS } from './originate-command.ts';

/**
 * An attempt followed by this process but older than this may have lost its word from the switch
 * (the connection dropped: no job result, no hangup); it is checked against the switch.
 */
const STALE_MS = (RING_TIMEOUT_SECONDS + 15) * 1000;

export interface OrphanDeps {
  db: DatabaseHandles;
  esl: Pick<EslClient, 'api' | 'connected'>;
  lifecycle: AttemptLifecycle;
  /** This process's name in its attempts. */
  owner: string;
  isAlive(owner: string): Promise<boolean>;
}

/**
 * Attempts in flight that no process follows (their owner died, or this process restarted): a
 * channel still up on the switch is adopted; one gone is ended as its call record says, or as
 * FAILED when the switch never had it. This process's own attempts that went quiet for too long
 * are checked the same way.
 */
export async function reconcileOrphans(deps: OrphanDeps, now = Date.now()): Promise<number> {
  if (!deps.esl.connected) return 0;
  let reconciled = 0;
  for (const orphan of await repo.allInFlightAttempts(deps.db)) {
    const followed = deps.lifecycle.tracked.get(orphan.callId);
    let attempt: TrackedAttempt | null;
    if (followed) {
      if (now - orphan.createdAt.getTime() < STALE_MS || (await channelExists(deps, orphan.callId))) continue;
      attempt = followed;
    } else {
      // A live dialer follows its own attempts (this one's untracked ones are lost: reconciled).
      if (orphan.owner !== deps.owner && (await deps.isAlive(orphan.owner))) continue;
      attempt = await adopt(deps, orphan);
      if (!attempt || (await channelExists(deps, orphan.callId))) continue;
    }
    reconciled++;
    const call = await repo.callEndOf(deps.db, orphan.callId);
    if (call?.bridgedAt && !attempt.connectedAt) attempt.connectedAt = call.bridgedAt;
    if (call?.answerAt && !attempt.answeredAt) attempt.answeredAt = call.answerAt;
    await deps.lifecycle.ended(attempt, { at: call?.endedAt ?? new Date(), cause: call?.hangupCause ?? 'ORPHANED', simulatedRecord: !call });
  }
  return reconciled;
}

const channelExists = async (deps: OrphanDeps, callId: string) => (await deps.esl.api(`uuid_exists ${callId}`).catch(() => 'false')).trim() === 'true';

/** Takes the attempt over from its owner; null when another dialer took it first. */
async function adopt(deps: OrphanDeps, orphan: repo.InFlightAttempt): Promise<TrackedAttempt | null> {
  const campaign = (await repo.campaignRules(deps.db, orphan.campaignId)) ?? null;
  if (!campaign) return null;
  const adopted = await deps.db.withTenant(orphan.tenantId, (tx) => repo.adoptAttempt(tx, orphan.id, orphan.owner, deps.owner));
  if (!adopted) return null;
  const attempt: TrackedAttempt = {
    attemptId: orphan.id,
    callId: orphan.callId,
    tenantId: orphan.tenantId,
    campaignId: orphan.campaignId,
    leadId: orphan.leadId,
    phone: orphan.phone,
    simulated: orphan.simulated,
    callerNumber: campaign.callerId,
    createdAt: orphan.createdAt,
    answeredAt: orphan.answeredAt,
    connectedAt: orphan.connectedAt,
    abandoned: false,
    abandonAfterSeconds: campaign.abandonAfterSeconds,
    rules: { maxAttempts: campaign.maxAttempts, retryMinutes: campaign.retryMinutes },
    timer: null,
  };
  deps.lifecycle.follow(attempt);
  return attempt;
}
