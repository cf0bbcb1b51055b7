import { useTranslation } from 'react-i18next';
import { Field } from '../app/field.tsx';
import type { DraftTarget } from './ivr-draft.ts';
import { IVR_TARGET_TYPES, type IvrTargetType } from './ivr-menus.api.ts';
import type { Destinations } from './use-destinations.ts';
import { EXTENSION_INPUT_PATTERN } from '@callcenter/rules/extension-number';

interface IvrTargetFieldsProps {
  target: DraftTarget;
  destinations: Destinations;
  onChange: (target: DraftTarget) => void;
  /** The first label ("Destination" or "After the last try, send to"). */
  typeLabel: string;
  /** A menu that may not be chosen (a menu's failure may not send callers back to itself). */
  excludeMenuId?: string;
}

/** What a target is (extension, queue, menu, hang up) and, for the first three, which one. */
export function IvrTargetFields({
  target,
  destinations,
  onChange,
  typeLabel,
  excludeMenuId,
}: IvrTargetFieldsProps) {
  const { t } = useTranslation();
  const choicesOf = (type: IvrTargetType): { value: string; label: string }[] | undefined => {
    switch (type) {
      case 'EXTENSION':
        return destinations.extensions?.map((extension) => ({
          value: extension.number,
          label: destinations.nameOf({ type, value: extension.number }),
        }));
      case 'QUEUE':
        return destinations.queues?.map((queue) => ({ value: queue.id, label: queue.name }));
      case 'IVR':
        return destinations.menus
          ?.filter((menu) => menu.id !== excludeMenuId)
          .map((menu) => ({ value: menu.id, label: menu.name }));
      case 'HANGUP':
        return [];
    }
  };
  const changeType = (type: IvrTargetType) => onChange({ type, value: choicesOf(type)?.[0]?.value ?? '' });
  const choices = choicesOf(target.type);
  // A target may name something deleted since (or not readable by this user): keep it choosable.
  if (choices && target.value && !choices.some((choice) => choice.value === target.value)) {
    choices.unshift({ value: target.value, label: destinations.nameOf(target) });
  }

  return (
    <>
      {/* Labels beside their controls, not around them: a select inside its label adds its value to its name. */}
      <Field label={typeLabel}>
        <select value={target.type} onChange={(event) => changeType(event.target.value as IvrTargetType)}>
          {IVR_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`ivrMenus.targetTypes.${type}`)}
            </option>
          ))}
        </select>
      </Field>
      {target.type === 'HANGUP' ? null : choices === undefined && target.type === 'EXTENSION' ? (
        <Field label={t('ivrMenus.targetValue.EXTENSION')}>
          <input
            required
            inputMode="numeric"
            pattern={EXTENSION_INPUT_PATTERN}
            value={target.value}
            onChange={(event) => onChange({ ...target, value: event.target.value })}
          />
        </Field>
      ) : choices === undefined || choices.length === 0 ? (
        <p className="muted">{t(`ivrMenus.targetEmpty.${target.type}`)}</p>
      ) : (
        <Field label={t(`ivrMenus.targetValue.${target.type}`)}>
          <select
            required
            value={target.value}
            onChange={(event) => onChange({ ...target, value: event.target.value })}
          >
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
      )}
    </>
  );
}
