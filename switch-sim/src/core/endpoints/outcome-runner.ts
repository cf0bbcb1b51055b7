// Plays an outcome on an outbound leg: ring, then answer / busy / no answer / failure, with the
// ring timeout (NO_ANSWER, or ALLOTTED_TIMEOUT for a leg_timeout) and, once answered, the far end hanging up after the talk time.
import type { Channel } from '../channel.ts';
import type { SwitchCore } from '../core.ts';
import { resolveOutcome, type Outcome } from '../outcomes.ts';
import type { LegSpec } from './types.ts';

export interface OutcomeHooks {
  /** The far end rings (180). */
  ring(): void;
  /** The far end answers (200). */
  answer(): void;
}

/** `model: false` plays `fallback` as is (endpoints with no far end, such as null/). */
export function runOutcome(core: SwitchCore, ch: Channel, spec: LegSpec, fallback: Outcome, hooks: OutcomeHooks, options: { model?: boolean } = {}): Outcome {
  const outcome = options.model === false ? fallback : resolveOutcome(ch.vars, core.outcomes, ch.profile?.destinationNumber ?? '', fallback);
  const clock = core.clock;
  const timers: Array<{ cancel(): void }> = [];
  const remote = (cause: string, disposition: string): void => {
    ch.vars.set('sim_hangup_disposition', disposition);
    core.hangup(ch, cause);
  };
  const later = (ms: number, fn: () => void): void => {
    timers.push(clock.after(ms, () => ch.isUp && fn()));
  };
  ch.hangupWaiters.push(() => timers.forEach((t) => t.cancel()));
  const timeoutMs = spec.timeoutSec * 1000;
  const ringFirst = outcome.kind === 'ANSWER' || outcome.kind === 'NO_ANSWER' || outcome.kind === 'MANUAL';
  if (ringFirst) later(0, () => hooks.ring());
  ch.remoteAnswer = () => {
    if (!ch.isUp || ch.answered) return false;
    hooks.answer();
    if (outcome.talkMs !== undefined) later(outcome.talkMs, () => remote('NORMAL_CLEARING', 'recv_bye'));
    return true;
  };
  switch (outcome.kind) {
    case 'ANSWER':
      later(outcome.ringMs, () => ch.remoteAnswer?.());
      break;
    case 'BUSY':
      later(outcome.ringMs, () => remote('USER_BUSY', 'recv_refuse'));
      break;
    case 'REJECT':
      later(outcome.ringMs, () => remote('CALL_REJECTED', 'recv_refuse'));
      break;
    case 'FAILED':
      later(outcome.ringMs, () => remote(outcome.failCause, 'recv_refuse'));
      break;
    case 'NO_ANSWER':
      if (outcome.ringMs > 0 && outcome.ringMs < timeoutMs) later(outcome.ringMs, () => remote('NO_ANSWER', 'recv_refuse'));
      break;
    case 'MANUAL':
      break;
  }
  if (timeoutMs > 0) later(timeoutMs, () => !ch.answered && core.hangup(ch, spec.timeoutCause ?? 'NO_ANSWER'));
  return outcome;
}
