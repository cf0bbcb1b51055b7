import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { Field } from '../app/field.tsx';
import { codeListInput, codeListPatch } from './code-list-patch.ts';
import {
  CODE_LISTS,
  CODE_PATTERN,
  DISPOSITION_ACTIONS,
  codeListApi,
  type CodeListItem,
  type CodeListKind,
  type DispositionAction,
} from './code-lists.api.ts';

interface CodeListFormProps {
  kind: CodeListKind;
  /** Editing this entry; creating a new one when absent. */
  item?: CodeListItem;
  /** The entry as the server stored it (unchanged when there was nothing to send). */
  onSaved: (item: CodeListItem) => void;
  onCancel: () => void;
}

export function CodeListForm({ kind, item, onSaved, onCancel }: CodeListFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hasAction } = CODE_LISTS[kind];
  const [code, setCode] = useState(item?.code ?? '');
  const [name, setName] = useState(item?.name ?? '');
  const [action, setAction] = useState<DispositionAction>(item?.action ?? 'NONE');
  const [enabled, setEnabled] = useState(item?.enabled ?? true);

  const save = useMutation({
    mutationFn: async () => {
      const api = codeListApi(kind);
      const input = codeListInput({ code, name, enabled, action }, hasAction);
      if (!item) return api.create(input);
      const patch = codeListPatch(item, input);
      // The server refuses an empty PATCH; nothing changed is simply done.
      return Object.keys(patch).length > 0 ? api.update(item.id, patch) : item;
    },
    onSuccess: async (saved) => {
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: ['code-lists', kind] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = item ? t(`codeLists.${kind}.editTitle`) : t(`codeLists.${kind}.createTitle`);

  return (
    <form className="form panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <div className="form-grid">
        <Field label={t('codeLists.code')} hint={t('codeLists.codeHint')}>
          <input
            required
            maxLength={40}
            pattern={CODE_PATTERN}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
        <Field label={t('common.name')}>
          <input required maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        {hasAction && (
          <Field label={t('codeLists.action')} hint={t(`codeLists.actionHelp.${action}`)}>
            <select value={action} onChange={(event) => setAction(event.target.value as DispositionAction)}>
              {DISPOSITION_ACTIONS.map((option) => (
                <option key={option} value={option}>
                  {t(`codeLists.actions.${option}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span>{t('codeLists.enabled')}</span>
        </label>
      </div>
      {!enabled && <p className="muted">{t(`codeLists.${kind}.disabledHint`)}</p>}
      <ErrorMessage error={save.error} />
      <FormActions
        saving={save.isPending}
        submitLabel={item ? t('common.save') : t(`codeLists.${kind}.create`)}
        onCancel={onCancel}
      />
    </form>
  );
}
