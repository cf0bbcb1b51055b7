import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_OPTIONS, nextOptionKey, type DraftOption } from './ivr-draft.ts';
import { compareDigits } from './ivr-layout.ts';
import { IvrOptionForm, type OptionFields } from './ivr-option.form.tsx';
import type { Destinations } from './use-destinations.ts';

type Editing = { kind: 'add' } | { kind: 'edit'; key: string } | null;

interface IvrOptionsProps {
  options: DraftOption[];
  destinations: Destinations;
  readOnly: boolean;
  onChange: (options: DraftOption[]) => void;
}

/** The option nodes as a table with add, edit and remove: the keyboard's way through the diagram. */
export function IvrOptions({ options, destinations, readOnly, onChange }: IvrOptionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const shown = [...options].sort((a, b) => compareDigits(a.digit, b.digit));
  const edited = editing?.kind === 'edit' ? options.find((option) => option.key === editing.key) : undefined;

  const apply = (fields: OptionFields) => {
    if (edited) {
      onChange(options.map((option) => (option.key === edited.key ? { ...option, ...fields } : option)));
    } else {
      onChange([...options, { key: nextOptionKey(options), position: null, ...fields }]);
    }
    setEditing(null);
  };
  const remove = (key: string) => {
    if (editing?.kind === 'edit' && editing.key === key) setEditing(null);
    onChange(options.filter((option) => option.key !== key));
  };

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ivrMenus.options.title')}</h3>
      {options.length === 0 ? (
        <p className="muted">{t('ivrMenus.options.empty')}</p>
      ) : (
        <table className="ivr-options-table">
          <thead>
            <tr>
              <th>{t('ivrMenus.options.digit')}</th>
              <th>{t('ivrMenus.options.destination')}</th>
              <th>{t('ivrMenus.options.label')}</th>
              {!readOnly && <th>{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((option) => (
              <tr key={option.key}>
                <td className="ivr-digit-cell">{option.digit}</td>
                <td>{destinations.nameOf(option.target)}</td>
                <td>{option.label}</td>
                {!readOnly && (
                  <td className="row-actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('ivrMenus.options.editNamed', { digit: option.digit })}
                      onClick={() => setEditing({ kind: 'edit', key: option.key })}
                    >
                      {t('common.edit')}
                    </button>
                    <button
                      type="button"
                      className="danger"
                      aria-label={t('ivrMenus.options.removeNamed', { digit: option.digit })}
                      onClick={() => remove(option.key)}
                    >
                      {t('ivrMenus.options.remove')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!readOnly &&
        (editing ? (
          <IvrOptionForm
            key={edited?.key ?? 'new'}
            option={edited}
            options={options}
            destinations={destinations}
            onApply={apply}
            onCancel={() => setEditing(null)}
          />
        ) : options.length < MAX_OPTIONS ? (
          <button type="button" className="secondary" onClick={() => setEditing({ kind: 'add' })}>
            {t('ivrMenus.options.add')}
          </button>
        ) : (
          <p className="muted">{t('ivrMenus.options.full')}</p>
        ))}
    </section>
  );
}
