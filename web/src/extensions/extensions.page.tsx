import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { LiveIndicator } from '../app/live-indicator.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { OneTimePassword } from '../app/one-time-password.tsx';
import { useFormat } from '../app/use-format.ts';
import { CreateExtensionForm } from './create-extension.form.tsx';
import {
  extensionsApi,
  extensionsKey,
  type Extension,
  type ExtensionWithPassword,
} from './extensions.api.ts';
import { useRegistrationStream } from './registration-stream.ts';

export function ExtensionsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const extensions = useQuery({ queryKey: extensionsKey(me?.tenantId ?? null), queryFn: extensionsApi.list });
  const live = useRegistrationStream(can('monitoring.view'));
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ExtensionWithPassword | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['extensions'] });
  const reveal = useMutation({ mutationFn: extensionsApi.revealPassword, onSuccess: setSecret });
  const reset = useMutation({
    mutationFn: extensionsApi.resetPassword,
    onSuccess: setSecret,
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: extensionsApi.remove, onSettled: refresh });
  const busy = reveal.isPending || reset.isPending || remove.isPending;
  const canManage = can('extensions.manage');
  const canReveal = can('extensions.reveal_password');

  const clearResults = () => {
    reveal.reset();
    reset.reset();
    remove.reset();
  };

  const registeredAt = (extension: Extension): string | null =>
    live.registrations?.has(extension.id)
      ? (live.registrations.get(extension.id) ?? null)
      : extension.registeredAt;

  return (
    <section>
      <div className="page-title">
        <h1>{t('extensions.title')}</h1>
        {canManage && !creating && !secret && (
          <button type="button" onClick={() => setCreating(true)}>
            {t('extensions.newButton')}
          </button>
        )}
      </div>
      {creating && (
        <CreateExtensionForm
          onCancel={() => setCreating(false)}
          onCreated={(extension) => {
            setCreating(false);
            setSecret(extension);
          }}
        />
      )}
      {secret && (
        <OneTimePassword
          account={`${secret.number}@${secret.domain}`}
          accountLabel={t('extensions.sipUser')}
          password={secret.sipPassword}
          onDismiss={() => setSecret(null)}
        />
      )}
      {can('monitoring.view') && <LiveIndicator connected={live.connected} />}
      <ErrorMessage error={extensions.error ?? reveal.error ?? reset.error ?? remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('extensions.deleted')}</SuccessMessage>}
      {extensions.isPending ? (
        <Loading />
      ) : extensions.data?.length === 0 ? (
        <p>{t('extensions.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('extensions.number')}</th>
              <th>{t('extensions.callerId')}</th>
              <th>{t('extensions.callGroup')}</th>
              <th>{t('extensions.registration')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {extensions.data?.map((extension) => {
              const since = registeredAt(extension);
              return (
                <tr key={extension.id}>
                  <td>{extension.number}</td>
                  <td>{extension.callerId}</td>
                  <td>{extension.callGroup}</td>
                  <td>
                    {since ? (
                      <span className="badge active" data-testid="registration">
                        {t('extensions.registered')} ·{' '}
                        {t('extensions.since', { time: format.dateTime(since) })}
                      </span>
                    ) : (
                      <span className="badge disabled" data-testid="registration">
                        {t('extensions.notRegistered')}
                      </span>
                    )}
                  </td>
                  <td className="row-actions">
                    {canReveal && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={busy || secret !== null}
                        onClick={() => {
                          clearResults();
                          reveal.mutate(extension.id);
                        }}
                      >
                        {t('extensions.revealPassword')}
                      </button>
                    )}
                    {canManage && (
                      <>
                        {/* The phone stops registering until it gets the new password: ask twice. */}
                        <ConfirmButton
                          label={t('extensions.resetPassword')}
                          confirmLabel={t('extensions.confirmReset')}
                          disabled={busy || secret !== null}
                          onConfirm={() => {
                            clearResults();
                            reset.mutate(extension.id);
                          }}
                        />
                        <ConfirmButton
                          label={t('extensions.delete')}
                          confirmLabel={t('extensions.confirmDelete')}
                          disabled={busy}
                          onConfirm={() => {
                            clearResults();
                            remove.mutate(extension.id);
                          }}
                        />
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
