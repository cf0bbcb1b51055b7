// When to call the lead back: quick choices (in 1 h, tomorrow morning) or a date and time, all read
// in the tenant's zone; a warning when the time falls outside the campaign's calling windows.
import {
  inOneHour,
  isWithinWindows,
  tomorrowMorning,
  type WeeklyWindows,
} from '@callcenter/rules/callback-time';
import { useTranslation } from 'react-i18next';
import { instantOfWallTime, wallTimeIn } from '@callcenter/rules/zoned-time';
import { useFormat } from '../app/use-format.ts';
import './callback-picker.css';

/** The campaign's calling windows the callback should fall in (null: not known). */
export interface CallbackWindows {
  timezone: string;
  schedule: WeeklyWindows;
}

export function CallbackPicker({
  value,
  onChange,
  windows,
}: {
  value: string;
  onChange: (iso: string) => void;
  windows: CallbackWindows | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const zone = format.timeZone;
  const now = Date.now();
  const outside =
    value !== '' &&
    windows !== null &&
    !isWithinWindows(windows.schedule, windows.timezone, Date.parse(value));
  const pick = (instant: number) => onChange(new Date(instant).toISOString());
  return (
    <fieldset className="callback-picker">
      <legend>{t('agentDesk.callbackWhen')}</legend>
      <button type="button" className="secondary" onClick={() => pick(inOneHour(Date.now()))}>
        {t('agentDesk.inOneHour')}
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() => pick(tomorrowMorning(Date.now(), windows?.timezone ?? zone, windows?.schedule ?? {}))}
      >
        {t('agentDesk.tomorrowMorning')}
      </button>
      <label>
        {t('agentDesk.callbackAt', { zone })}
        <input
          type="datetime-local"
          required
          min={wallTimeIn(now, zone)}
          value={value ? wallTimeIn(value, zone) : ''}
          onChange={(event) =>
            onChange(event.target.value ? instantOfWallTime(event.target.value, zone) : '')
          }
        />
      </label>
      {value && <span data-testid="callback-chosen">{format.dateTime(value)}</span>}
      {outside && (
        <span className="warning" role="status" data-testid="callback-outside-window">
          {t('agentDesk.callbackOutsideWindow', { zone: windows.timezone })}
        </span>
      )}
    </fieldset>
  );
}
