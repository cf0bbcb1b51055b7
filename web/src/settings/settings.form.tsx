import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, SuccessMessage } from '../app/feedback.tsx';
import { Field } from '../app/field.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { LIMITS, fractionOf, percentOf } from '../campaigns/dialer-settings.ts';
import { isTimeZone } from '@callcenter/rules/locale';
import { LANGUAGES } from '../app/i18n/languages.ts';
import { settingsApi, type TenantSettings } from './settings.api.ts';

function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

export function SettingsForm({ settings }: { settings: TenantSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(settings.name);
  const [timezone, setTimezone] = useState(settings.timezone);
  const [locale, setLocale] = useState(settings.locale);
  const [shortCallPercent, setShortCallPercent] = useState<number | null>(
    percentOf(settings.shortCallThreshold),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const timeZones = useMemo(knownTimeZones, []);

  const save = useMutation({
    mutationFn: settingsApi.update,
    // Every date on screen follows the tenant zone, so refetch what depends on it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tenant-settings'] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isTimeZone(timezone.trim())) {
      setProblem(t('settings.invalidTimeZone'));
      return;
    }
    setProblem(null);
    save.mutate({
      name: name.trim(),
      timezone: timezone.trim(),
      ...(locale && { locale }),
      ...(shortCallPercent !== null && { shortCallThreshold: fractionOf(shortCallPercent) }),
    });
  };

  return (
    <form className="form panel" onSubmit={submit} aria-label={t('settings.formTitle')}>
      <div className="form-grid">
        <label>
          <span>{t('common.name')}</span>
          <input required value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          <span>{t('settings.timezone')}</span>
          {/* A choice among the zones the browser knows, never free text; a stored zone it lacks stays listed. */}
          <select required value={timezone} onChange={(event) => setTimezone(event.target.value)}>
            {(timeZones.includes(timezone) ? timeZones : [timezone, ...timeZones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('settings.locale')}</span>
          <select value={locale} onChange={(event) => setLocale(event.target.value)}>
            {!locale && <option value="">—</option>}
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset>
        <legend>{t('settings.dialer')}</legend>
        <div className="form-grid">
          <Field label={t('settings.shortCallThreshold')} hint={t('settings.shortCallThresholdHint')}>
            <NumberInput
              required
              {...LIMITS.shortCallPercent}
              value={shortCallPercent}
              onValueChange={setShortCallPercent}
            />
          </Field>
        </div>
      </fieldset>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <ErrorMessage error={save.error} />
      {save.isSuccess && <SuccessMessage>{t('settings.saved')}</SuccessMessage>}
      <FormActions saving={save.isPending} submitLabel={t('common.save')} />
    </form>
  );
}
