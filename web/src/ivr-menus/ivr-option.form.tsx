import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { freeDigits, targetComplete, type DraftOption, type DraftTarget } from './ivr-draft.ts';
import { IvrTargetFields } from './ivr-target-fields.tsx';
import type { Destinations } from './use-destinations.ts';

export type OptionFields = Pick<DraftOption, 'digit' | 'target' | 'label'>;

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
  const [digit, setDigit] = useState(option?.digit ?? digits[0] ?? '');
  const [target, setTarget] = useState<DraftTarget>(
    option?.target ?? { type: 'EXTENSION', value: destinations.extensions?.[0]?.number ?? '' },
  );
  const [label, setLabel] = useState(option?.label ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ digit, target: { ...target, value: target.value.trim() }, label });
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
      <IvrTargetFields target={target} destinations={destinations} onChange={setTarget} typeLabel={t('ivrMenus.options.targetType')} />
      <label>
        <span>{t('ivrMenus.options.label')}</span>
        <input maxLength={60} value={label} onChange={(event) => setLabel(event.target.value)} />
      </label>
      <div className="actions">
        <button type="submit" disabled={digit === '' || !targetComplete(target)}>
          {option ? t('ivrMenus.options.apply') : t('ivrMenus.options.addSubmit')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
