// The tenant's scheduled callbacks, soonest first: reschedule one, put it back in the campaign's
// queue of leads now, or give it up (the lead becomes do not call).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { instantOfWallTime, wallTimeIn } from '@callcenter/rules/zoned-time';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { formatDid } from '../inbound-routes/did-format.ts';
import { callbacksApi, callbacksKey, type Callback, type CallbackAction } from './callbacks.api.ts';

export function CallbacksPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const callbacks = useQuery({ queryKey: callbacksKey(tenantId), queryFn: callbacksApi.list });
  const [rescheduling, setRescheduling] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: CallbackAction }) => callbacksApi.update(id, body),
    onSuccess: () => setRescheduling(null),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['callbacks'] }),
  });
  const canUpdate = can('campaigns.update');

  return (
    <section className="callbacks-page">
      <div className="page-title">
        <h1>{t('callbacks.title')}</h1>
      </div>
      <p className="muted">{t('callbacks.intro')}</p>
      <ErrorMessage error={callbacks.error ?? update.error} />
      {update.isSuccess && (
        <SuccessMessage>{t(`callbacks.done.${update.variables.body.action}`)}</SuccessMessage>
      )}
      {callbacks.isPending ? (
        <Loading />
      ) : callbacks.data?.length === 0 ? (
        <p>{t('callbacks.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table aria-label={t('callbacks.title')}>
            <thead>
              <tr>
                <th>{t('callbacks.when')}</th>
                <th>{t('callbacks.phone')}</th>
                <th>{t('common.name')}</th>
                <th>{t('callbacks.campaign')}</th>
                <th className="number">{t('callbacks.attempts')}</th>
                {canUpdate && <th>{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {callbacks.data?.map((callback) => (
                <tr key={callback.id} data-testid="callback-row">
                  <td>{format.dateTime(callback.nextAttemptAt)}</td>
                  <td>{formatDid(callback.phone)}</td>
                  <td>{callback.name ?? '—'}</td>
                  <td>
                    <Link to={`/tenant/campaigns/${encodeURIComponent(callback.campaignId)}`}>
                      {callback.campaignName}
                    </Link>
                  </td>
                  <td className="number">{format.number(callback.attempts)}</td>
                  {canUpdate && (
                    <td className="row-actions">
                      {rescheduling === callback.id ? (
                        <RescheduleForm
                          callback={callback}
                          busy={update.isPending}
                          onSave={(nextAttemptAt) =>
                            update.mutate({ id: callback.id, body: { action: 'RESCHEDULE', nextAttemptAt } })
                          }
                          onCancel={() => setRescheduling(null)}
                        />
                      ) : (
                        <>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => setRescheduling(callback.id)}
                          >
                            {t('callbacks.reschedule')}
                          </button>
                          <button
                            type="button"
                            className="secondary"
                            disabled={update.isPending}
                            onClick={() => update.mutate({ id: callback.id, body: { action: 'REQUEUE' } })}
                          >
                            {t('callbacks.requeue')}
                          </button>
                          <ConfirmButton
                            label={t('callbacks.cancel')}
                            ariaLabel={t('callbacks.cancelFor', { phone: formatDid(callback.phone) })}
                            confirmLabel={t('callbacks.confirmCancel')}
                            warning={t('callbacks.cancelWarning')}
                            disabled={update.isPending}
                            onConfirm={() => update.mutate({ id: callback.id, body: { action: 'CANCEL' } })}
                          />
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A new time, in the tenant's time zone; the server refuses one in the past. */
function RescheduleForm({
  callback,
  busy,
  onSave,
  onCancel,
}: {
  callback: Callback;
  busy: boolean;
  onSave: (nextAttemptAt: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { timeZone } = useFormat();
  const id = useId();
  const [value, setValue] = useState(() =>
    wallTimeIn(Math.max(Date.parse(callback.nextAttemptAt), Date.now() + 3_600_000), timeZone),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value) onSave(instantOfWallTime(value, timeZone));
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <label htmlFor={`${id}-when`}>{t('callbacks.newTime')}</label>
      <input
        id={`${id}-when`}
        type="datetime-local"
        required
        min={wallTimeIn(Date.now(), timeZone)}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoFocus
      />
      <button type="submit" disabled={busy}>
        {t('common.save')}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
