import { formatPhone } from '@callcenter/rules/phone';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { numbersApi, ownNumbersKey } from './numbers.api.ts';

interface NumberSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Shown as the empty choice when the field may stay empty (a campaign without caller ID). */
  emptyLabel?: string;
}

/**
 * A pick among the tenant's own numbers (GET /numbers), shown as people read them; a stored value
 * no longer in the list (a number released since) stays visible so an edit does not lose it.
 */
export function NumberSelect({ label, value, onChange, required = false, emptyLabel }: NumberSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const { me } = useAuth();
  const numbers = useQuery({ queryKey: ownNumbersKey(me?.tenantId ?? null), queryFn: numbersApi.own });
  const listed = numbers.data?.map((row) => row.number) ?? [];
  const options = value && !listed.includes(value) ? [value, ...listed] : listed;
  const hintId = `${id}-hint`;
  const empty = numbers.isPending
    ? t('common.loading')
    : options.length === 0
      ? t('numbers.noneAssigned')
      : (emptyLabel ?? t('numbers.choose'));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        required={required}
        aria-describedby={hintId}
        disabled={numbers.isPending}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{empty}</option>
        {options.map((number) => (
          <option key={number} value={number}>
            {formatPhone(number)}
          </option>
        ))}
      </select>
      <small id={hintId} className="muted">
        {t('numbers.pickHint')}
      </small>
    </div>
  );
}
