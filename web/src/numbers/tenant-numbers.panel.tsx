import { formatPhone } from '@callcenter/rules/phone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { Field } from '../app/field.tsx';
import { useFormat } from '../app/use-format.ts';
import { numbersApi, tenantNumbersKey, type NumberAssignment } from './numbers.api.ts';

/** The platform's number inventory of one tenant: assign one number or a block, release one. */
export function TenantNumbersPanel({
  tenantId,
  tenantCode,
  onClose,
}: {
  tenantId: string;
  tenantCode: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const numbers = useQuery({
    queryKey: tenantNumbersKey(tenantId),
    queryFn: () => numbersApi.ofTenant(tenantId),
  });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: tenantNumbersKey(tenantId) });
  const assign = useMutation({
    mutationFn: (body: NumberAssignment) => numbersApi.assign(tenantId, body),
    onSuccess: async () => {
      setFrom('');
      setTo('');
      await refresh();
    },
  });
  const release = useMutation({
    mutationFn: (number: string) => numbersApi.release(tenantId, number),
    onSuccess: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    release.reset();
    // An empty "to" assigns the one number; both ends assign the block between them.
    assign.mutate(to.trim() === '' ? { number: from } : { from, to });
  };
  const title = t('numbers.inventoryTitle', { tenant: tenantCode });

  return (
    <section className="panel" aria-label={title}>
      <div className="page-title">
        <h2>{title}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <form className="form" onSubmit={submit} aria-label={t('numbers.assignTitle')}>
        <div className="form-grid">
          <Field label={t('numbers.number')} hint={t('numbers.writtenHint')}>
            <input
              required
              inputMode="tel"
              autoComplete="off"
              maxLength={40}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </Field>
          <Field label={t('numbers.rangeTo')} hint={t('numbers.rangeHint')}>
            <input
              inputMode="tel"
              autoComplete="off"
              maxLength={40}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </Field>
        </div>
        <ErrorMessage error={assign.error ?? release.error} />
        {assign.isSuccess && (
          <SuccessMessage>{t('numbers.assigned', { count: assign.data.length })}</SuccessMessage>
        )}
        <button type="submit" disabled={assign.isPending}>
          {t('numbers.assign')}
        </button>
      </form>
      <ErrorMessage error={numbers.error} />
      {numbers.isPending ? (
        <Loading />
      ) : numbers.data?.length === 0 ? (
        <p className="muted">{t('numbers.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('numbers.number')}</th>
                <th scope="col">{t('common.createdAt')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {numbers.data?.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{formatPhone(row.number)}</th>
                  <td>{format.dateTime(row.createdAt)}</td>
                  <td>
                    <ConfirmButton
                      label={t('numbers.release')}
                      ariaLabel={t('numbers.releaseNumber', { number: formatPhone(row.number) })}
                      confirmLabel={t('numbers.confirmRelease', { number: formatPhone(row.number) })}
                      disabled={release.isPending}
                      onConfirm={() => release.mutate(row.number)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
