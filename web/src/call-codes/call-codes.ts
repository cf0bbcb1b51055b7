import type { TFunction } from 'i18next';
import { COMMON_HANGUP_CAUSES, HANGUP_CAUSES, isDialOutcome, isHangupCause, type HangupCause } from '@callcenter/rules/call-codes';

/** A hangup cause as a person reads it; a cause the catalog does not know is shown as it came. */
export function hangupCauseLabel(t: TFunction, cause: string | null | undefined): string {
  if (!cause) return '—';
  return isHangupCause(cause) ? t(`callCodes.hangupCauses.${cause}`) : cause;
}

/** A dial outcome (an attempt's, a lead's last) as a person reads it. */
export function dialOutcomeLabel(t: TFunction, outcome: string | null | undefined): string {
  if (!outcome) return '—';
  return isDialOutcome(outcome) ? t(`callCodes.outcomes.${outcome}`) : outcome;
}

/** The causes to filter calls by: the common ones first, then the rest by their label. */
export function hangupCauseChoices(t: TFunction): { cause: HangupCause; label: string }[] {
  const label = (cause: HangupCause) => ({ cause, label: hangupCauseLabel(t, cause) });
  const rest = HANGUP_CAUSES.filter((cause) => !COMMON_HANGUP_CAUSES.includes(cause) && cause !== 'NONE')
    .map(label)
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...COMMON_HANGUP_CAUSES.map(label), ...rest];
}
