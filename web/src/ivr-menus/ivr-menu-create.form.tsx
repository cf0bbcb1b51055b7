import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { Field } from '../app/field.tsx';
import { ivrMenusApi, rememberMenu, type IvrMenu } from './ivr-menus.api.ts';

interface IvrMenuCreateFormProps {
  onCreated: (menu: IvrMenu) => void;
  onCancel: () => void;
}

export function IvrMenuCreateForm({ onCreated, onCancel }: IvrMenuCreateFormProps) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [context, setContext] = useState('');
  const [greeting, setGreeting] = useState('');
  const tenantId = me?.tenantId ?? null;

  const create = useMutation({
    mutationFn: ivrMenusApi.create,
    onSuccess: (menu) => {
      rememberMenu(queryClient, tenantId, menu);
      onCreated(menu);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim(),
      ...(context.trim() && { context: context.trim() }),
      ...(greeting && { greeting }),
    });
  };

  return (
    <form className="form panel" onSubmit={submit} aria-label={t('ivrMenus.createTitle')}>
      <h2>{t('ivrMenus.createTitle')}</h2>
      <div className="form-grid">
        <Field label={t('common.name')}>
          <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label={t('ivrMenus.context')} hint={t('ivrMenus.contextHint')}>
          <input
            maxLength={40}
            pattern="[a-z0-9][a-z0-9_\-]{0,39}"
            value={context}
            onChange={(event) => setContext(event.target.value)}
          />
        </Field>
        <Field label={t('ivrMenus.greeting')} hint={t('ivrMenus.greetingHint')}>
          <input maxLength={500} value={greeting} onChange={(event) => setGreeting(event.target.value)} />
        </Field>
      </div>
      <ErrorMessage error={create.error} />
      <FormActions saving={create.isPending} submitLabel={t('ivrMenus.create')} onCancel={onCancel} />
    </form>
  );
}
