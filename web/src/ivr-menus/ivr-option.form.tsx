import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { freeDigits, type DraftOption } from './ivr-draft.ts';
import type { Destinations } from './use-destinations.ts';

export type OptionFields = Pick<DraftOption, 'digit' | 'targetExtension' | 'label'>;

interface IvrOptionFormProps {
  /** Editing this option; adding a new one when absent. */
  option?: DraftOption;
  options: readonly DraftOption[];
  destinations: Destinations;
  onApply: (fields: OptionFields) => void;
  onCancel: () => void;
}

export function IvrOptionForm({ option, options, destinations, onApply, onCancel }: IvrOptionFormProps) {
  const { t } = useTranslation();
  const digits = freeDigits(options, option?.key);
  const known = destinations.extensions;
  const [digit, setDigit] = useState(option?.digit ?? digits[0] ?? '');
  const [targetExtension, setTargetExtension] = useState(option?.targetExtension ?? known?.[0]?.number ?? '');
  const [label, setLabel] = useState(option?.label ?? '');
  // An option may still point at an extension deleted since; keep it choosable as it is.
  const choices = known?.map((extension) => extension.number) ?? [];
  if (option && known && !choices.includes(option.targetExtension)) choices.unshift(option.targetExtension);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ digit, targetExtension: targetExtension.trim(), label });
  };
  const title = option
    ? t('ivrMenus.options.editTitle', { digit: option.digit })
    : t('ivrMenus.options.addTitle');

  return (
    <form className="form ivr-option-form" aria-label={title} onSubmit={submit}>
      <h4>{title}</h4>
      <label>
        <span>{t('ivrMenus.options.digit')}</span>
        <select required value={digit} onChange={(event) => setDigit(event.target.value)}>
          {digits.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </label>
      {known === undefined ? (
        <label>
          <span>{t('ivrMenus.options.destination')}</span>
          <input
            required
            inputMode="numeric"
            pattern="[0-9]{2,8}"
            value={targetExtension}
            onChange={(event) => setTargetExtension(event.target.value)}
          />
        </label>
      ) : choices.length === 0 ? (
        <p className="muted">{t('ivrMenus.options.noExtensions')}</p>
      ) : (
        <label>
          <span>{t('ivrMenus.options.destination')}</span>
          <select
            required
            value={targetExtension}
            onChange={(event) => setTargetExtension(event.target.value)}
          >
            {choices.map((number) => (
              <option key={number} value={number}>
                {destinations.nameOf(number)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <span>{t('ivrMenus.options.label')}</span>
        <input maxLength={60} value={label} onChange={(event) => setLabel(event.target.value)} />
      </label>
      <div className="actions">
        <button type="submit" disabled={digit === '' || targetExtension.trim() === ''}>
          {option ? t('ivrMenus.options.apply') : t('ivrMenus.options.addSubmit')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
