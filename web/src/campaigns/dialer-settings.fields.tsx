// The dialer's settings of a campaign (decision 0048): pacing limits and retries in the dialing
// step, the state calling-hour laws beside the calling windows, and their summary for the review
// and the campaign page. Percentages are entered as percent and stored as fractions.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../app/field.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { useFormat } from '../app/use-format.ts';
import {
  DEFAULT_RETRY_MINUTES,
  LIMITS,
  RETRY_OUTCOMES,
  STATE_POLICY_IDS,
  percentOf,
  type RetryFields,
  type RetryMinutes,
  type StatePolicyId,
} from './dialer-settings.ts';

export interface DialerValues {
  cpsLimit: number | null;
  /** Percent, as typed. */
  abandonTargetPercent: number | null;
  abandonAfterSeconds: number | null;
  retry: RetryFields;
}

interface DialerFieldsProps {
  values: DialerValues;
  onChange: (change: Partial<DialerValues>) => void;
}

export function DialerFields({ values, onChange }: DialerFieldsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const retriesHint = useId();
  return (
    <>
      <div className="form-grid">
        <Field label={t('campaigns.dialer.cpsLimit')} hint={t('campaigns.dialer.cpsLimitHint')}>
          <NumberInput integer {...LIMITS.cps} value={values.cpsLimit} onValueChange={(cpsLimit) => onChange({ cpsLimit })} />
        </Field>
        <Field label={t('campaigns.dialer.abandonTarget')} hint={t('campaigns.dialer.abandonTargetHint')}>
          <NumberInput
            required
            {...LIMITS.abandonTargetPercent}
            value={values.abandonTargetPercent}
            onValueChange={(abandonTargetPercent) => onChange({ abandonTargetPercent })}
          />
        </Field>
        <Field label={t('campaigns.dialer.abandonAfterSeconds')} hint={t('campaigns.dialer.abandonAfterSecondsHint')}>
          <NumberInput
            required
            integer
            {...LIMITS.abandonAfterSeconds}
            value={values.abandonAfterSeconds}
            onValueChange={(abandonAfterSeconds) => onChange({ abandonAfterSeconds })}
          />
        </Field>
      </div>
      <fieldset className="dialer-retries" aria-describedby={retriesHint}>
        <legend>{t('campaigns.dialer.retries')}</legend>
        <p id={retriesHint} className="muted">
          {t('campaigns.dialer.retriesHint')}
        </p>
        <div className="form-grid">
          {RETRY_OUTCOMES.map((outcome) => (
            <label key={outcome}>
              <span>{t('campaigns.dialer.retryLabel', { outcome: t(`campaigns.dialer.retry.${outcome}`) })}</span>
              <NumberInput
                integer
                {...LIMITS.retryMinutes}
                placeholder={t('campaigns.dialer.retryDefault', { minutes: format.number(DEFAULT_RETRY_MINUTES[outcome]) })}
                value={values.retry[outcome]}
                onValueChange={(minutes) => onChange({ retry: { ...values.retry, [outcome]: minutes } })}
              />
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

interface PolicyFieldsProps {
  chosen: readonly StatePolicyId[];
  onChange: (chosen: StatePolicyId[]) => void;
}

/** One checkbox per state law, its hours told apart from its name so the name stays short. */
export function PolicyFields({ chosen, onChange }: PolicyFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="schedule-editor" aria-describedby={`${id}-hint`}>
      <legend>{t('campaigns.dialer.policies')}</legend>
      <p id={`${id}-hint`} className="muted">
        {t('campaigns.dialer.policiesHint')}
      </p>
      <ul className="policy-list">
        {STATE_POLICY_IDS.map((policy) => (
          <li key={policy}>
            <label className="checkbox">
              <input
                type="checkbox"
                aria-describedby={`${id}-${policy}`}
                checked={chosen.includes(policy)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, policy] : chosen.filter((one) => one !== policy))
                }
              />
              <span>{t(`campaigns.dialer.policy.${policy}.name`)}</span>
            </label>
            <small id={`${id}-${policy}`} className="muted">
              {t(`campaigns.dialer.policy.${policy}.description`)}
            </small>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

interface DialerSummaryProps {
  cpsLimit: number | null;
  /** Fraction. */
  abandonTarget: number;
  abandonAfterSeconds: number;
  retryMinutes: RetryMinutes;
  callingPolicies: readonly StatePolicyId[];
}

/** The settings as definition-list rows (inside a <dl>), defaults spelled out. */
export function DialerSummary(settings: DialerSummaryProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const retries = RETRY_OUTCOMES.map((outcome) =>
    t('campaigns.dialer.retrySummary', {
      outcome: t(`campaigns.dialer.retry.${outcome}`),
      minutes: format.number(settings.retryMinutes[outcome] ?? DEFAULT_RETRY_MINUTES[outcome]),
    }),
  ).join(', ');
  return (
    <>
      <dt>{t('campaigns.dialer.cpsLimit')}</dt>
      <dd>{settings.cpsLimit === null ? t('campaigns.dialer.noLimit') : format.number(settings.cpsLimit)}</dd>
      <dt>{t('campaigns.dialer.abandonTarget')}</dt>
      <dd>{format.number(percentOf(settings.abandonTarget))}</dd>
      <dt>{t('campaigns.dialer.abandonAfterSeconds')}</dt>
      <dd>{format.number(settings.abandonAfterSeconds)}</dd>
      <dt>{t('campaigns.dialer.retries')}</dt>
      <dd>{retries}</dd>
      <dt>{t('campaigns.dialer.policies')}</dt>
      <dd>
        {settings.callingPolicies.length === 0
          ? t('campaigns.dialer.noPolicies')
          : settings.callingPolicies.map((policy) => t(`campaigns.dialer.policy.${policy}.name`)).join(', ')}
      </dd>
    </>
  );
}
