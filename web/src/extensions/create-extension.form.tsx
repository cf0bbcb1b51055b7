import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { extensionsApi, type ExtensionWithPassword } from './extensions.api.ts';
import { EXTENSION_INPUT_PATTERN } from '@callcenter/rules/extension-number';

interface CreateExtensionFormProps {
  onCreated: (extension: ExtensionWithPassword) => void;
  onCancel: () => void;
}

export function CreateExtensionForm({ onCreated, onCancel }: CreateExtensionFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [callerId, setCallerId] = useState('');
  const [callGroup, setCallGroup] = useState('');

  const create = useMutation({
    mutationFn: extensionsApi.create,
    onSuccess: async (extension) => {
      onCreated(extension);
      await queryClient.invalidateQueries({ queryKey: ['extensions'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      number: number.trim(),
      ...(callerId.trim() && { callerId: callerId.trim() }),
      ...(callGroup.trim() && { callGroup: callGroup.trim() }),
    });
  };

  return (
    <form className="form panel" onSubmit={submit} aria-label={t('extensions.createTitle')}>
      <h2>{t('extensions.createTitle')}</h2>
      <div className="form-grid">
        <label>
          <span>{t('extensions.number')}</span>
          <input
            required
            inputMode="numeric"
            pattern={EXTENSION_INPUT_PATTERN}
            title={t('extensions.numberHint')}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        </label>
        <label>
          <span>{t('extensions.callerId')}</span>
          <input value={callerId} onChange={(event) => setCallerId(event.target.value)} />
        </label>
        <label>
          <span>{t('extensions.callGroup')}</span>
          <input value={callGroup} onChange={(event) => setCallGroup(event.target.value)} />
        </label>
      </div>
      <ErrorMessage error={create.error} />
      <FormActions saving={create.isPending} submitLabel={t('extensions.create')} onCancel={onCancel} />
    </form>
  );
}
