import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, SuccessMessage } from '../app/feedback.tsx';
import { codeListApi, codeListKey } from '../code-lists/code-lists.api.ts';
import { callsApi } from './calls.api.ts';

/** Classifies a call with one of the tenant's enabled dispositions (agent bar and call detail). */
export function DispositionForm({ callId, tenantId, onSaved }: { callId: string; tenantId: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const [dispositionId, setDispositionId] = useState('');
  const dispositions = useQuery({
    queryKey: codeListKey('dispositions', tenantId, false),
    queryFn: () => codeListApi('dispositions').list(),
  });
  const save = useMutation({ mutationFn: () => callsApi.setDisposition(callId, dispositionId), onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dispositionId) save.mutate();
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={t('agentDesk.disposition')}>
      <select aria-label={t('agentDesk.disposition')} required value={dispositionId} onChange={(event) => setDispositionId(event.target.value)}>
        <option value="">{dispositions.isPending ? t('common.loading') : t('agentDesk.chooseDisposition')}</option>
        {dispositions.data?.map((disposition) => (
          <option key={disposition.id} value={disposition.id}>
            {disposition.name}
          </option>
        ))}
      </select>
      <button type="submit" disabled={save.isPending || !dispositionId}>
        {t('agentDesk.saveDisposition')}
      </button>
      {save.isSuccess && <SuccessMessage>{t('agentDesk.dispositionSaved')}</SuccessMessage>}
      <ErrorMessage error={save.error ?? dispositions.error} />
    </form>
  );
}
