import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../app/field.tsx';
import type { IvrDraft } from './ivr-draft.ts';

export type EntryFields = Pick<IvrDraft, 'name' | 'context' | 'greeting'>;

interface IvrEntryFormProps {
  /** The editor's Save button submits this form from outside it, through the form attribute. */
  id: string;
  fields: EntryFields;
  readOnly: boolean;
  onChange: (fields: Partial<EntryFields>) => void;
  onSubmit: () => void;
}

/** The entry node's fields: what callers reach first. */
export function IvrEntryForm({ id, fields, readOnly, onChange, onSubmit }: IvrEntryFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} className="form panel" aria-label={t('ivrMenus.entry.title')} onSubmit={submit}>
      <h3>{t('ivrMenus.entry.title')}</h3>
      <fieldset className="ivr-fieldset" disabled={readOnly}>
        <Field label={t('common.name')}>
          <input
            required
            maxLength={100}
            value={fields.name}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </Field>
        <Field label={t('ivrMenus.context')} hint={t('ivrMenus.contextEditHint')}>
          <input
            required
            maxLength={40}
            pattern="[a-z0-9][a-z0-9_\-]{0,39}"
            value={fields.context}
            onChange={(event) => onChange({ context: event.target.value })}
          />
        </Field>
        <Field label={t('ivrMenus.greeting')} hint={t('ivrMenus.greetingHint')}>
          <input
            maxLength={500}
            value={fields.greeting}
            onChange={(event) => onChange({ greeting: event.target.value })}
          />
        </Field>
      </fieldset>
    </form>
  );
}
