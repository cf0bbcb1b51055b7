import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../app/field.tsx';
import { NumberInput } from '../app/number-input.tsx';
import type { IvrDraft } from './ivr-draft.ts';
import { IvrTargetFields } from './ivr-target-fields.tsx';
import type { Destinations } from './use-destinations.ts';

export type FailureFields = Pick<IvrDraft, 'timeoutSeconds' | 'maxFailures' | 'failureTarget'>;

interface IvrFailureFormProps {
  fields: FailureFields;
  destinations: Destinations;
  readOnly: boolean;
  menuId: string;
  onChange: (fields: Partial<FailureFields>) => void;
}

/** How long the menu waits for a key, how many tries a caller gets, and where the caller goes then. */
export function IvrFailureForm({ fields, destinations, readOnly, menuId, onChange }: IvrFailureFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="panel form" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ivrMenus.failure.title')}</h3>
      <fieldset className="ivr-fieldset" disabled={readOnly}>
        <Field label={t('ivrMenus.failure.timeout')} hint={t('ivrMenus.failure.timeoutHint')}>
          <NumberInput
            min={1}
            max={60}
            integer
            required
            value={fields.timeoutSeconds}
            onValueChange={(value) => value !== null && onChange({ timeoutSeconds: value })}
          />
        </Field>
        <Field label={t('ivrMenus.failure.tries')} hint={t('ivrMenus.failure.triesHint')}>
          <NumberInput
            min={1}
            max={10}
            integer
            required
            value={fields.maxFailures}
            onValueChange={(value) => value !== null && onChange({ maxFailures: value })}
          />
        </Field>
        <IvrTargetFields
          target={fields.failureTarget}
          destinations={destinations}
          typeLabel={t('ivrMenus.failure.target')}
          excludeMenuId={menuId}
          onChange={(failureTarget) => onChange({ failureTarget })}
        />
      </fieldset>
    </section>
  );
}
