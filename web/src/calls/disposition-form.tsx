import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, SuccessMessage } from '../app/feedback.tsx';
import { codeListApi, codeListKey } from '../code-lists/code-lists.api.ts';
import { CallbackPicker, type CallbackWindows } from './callback-picker.tsx';
import { callsApi } from './calls.api.ts';

/**
 * Classifies a call with one of the tenant's enabled dispositions (agent bar and call detail). A
 * CALLBACK disposition on a call with a lead asks when (decision 0043: the server requires it).
 */
export function DispositionForm({
  callId,
  tenantId,
  onSaved,
  hasLead = false,
  windows = null,
}: {
  callId: string;
  tenantId: string;
  onSaved: () => void;
  hasLead?: boolean;
  windows?: CallbackWindows | null;
}) {
  const { t } = useTranslation();
  const [dispositionId, setDispositionId] = useState('');
  const [callbackAt, setCallbackAt] = useState('');
  const dispositions = useQuery({
    queryKey: codeListKey('dispositions', tenantId, false),
    queryFn: () => codeListApi('dispositions').list(),
  });
  const chosen = dispositions.data?.find((disposition) => disposition.id === dispositionId);
  const asksWhen = hasLead && chosen?.action === 'CALLBACK';
  const save = useMutation({
    mutationFn: () => callsApi.setDisposition(callId, dispositionId, asksWhen ? callbackAt : undefined),
    onSuccess: onSaved,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dispositionId && (!asksWhen || callbackAt)) save.mutate();
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={t('agentDesk.disposition')}>
      <select
        aria-label={t('agentDesk.disposition')}
        required
        value={dispositionId}
        onChange={(event) => setDispositionId(event.target.value)}
      >
        <option value="">
          {dispositions.isPending ? t('common.loading') : t('agentDesk.chooseDisposition')}
        </option>
        {dispositions.data?.map((disposition) => (
          <option key={disposition.id} value={disposition.id}>
            {disposition.name}
          </option>
        ))}
      </select>
      {asksWhen && <CallbackPicker value={callbackAt} onChange={setCallbackAt} windows={windows} />}
      <button type="submit" disabled={save.isPending || !dispositionId || (asksWhen && !callbackAt)}>
        {t('agentDesk.saveDisposition')}
      </button>
      {save.isSuccess && <SuccessMessage>{t('agentDesk.dispositionSaved')}</SuccessMessage>}
      <ErrorMessage error={save.error ?? dispositions.error} />
    </form>
  );
}
