import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsApi, tenantSettingsKey } from '../settings/settings.api.ts';
import { useAuth } from './auth-context.tsx';
import {
  browserTimeZone,
  formatDate,
  formatDateTime,
  formatLimit,
  formatNumber,
  formatPercent,
  type DateInput,
} from './format.ts';

/** The tenant's zone when the token has a tenant, else the browser's. */
export function useTimeZone(): string {
  const { me } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const settings = useQuery({
    queryKey: tenantSettingsKey(tenantId),
    queryFn: settingsApi.get,
    enabled: tenantId !== null,
    staleTime: 5 * 60_000,
  });
  return (tenantId && settings.data?.timezone) || browserTimeZone();
}

/** Formatters bound to the current language and time zone. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const locale = i18n.language;
  return {
    timeZone,
    dateTime: (value: DateInput) => formatDateTime(value, locale, timeZone),
    date: (value: DateInput) => formatDate(value, locale, timeZone),
    number: (value: number | null | undefined) => formatNumber(value, locale),
    percent: (value: number | null | undefined) => formatPercent(value, locale),
    limit: (value: number | null | undefined) => formatLimit(value, locale, t('common.unlimited')),
  };
}
