import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { LiveIndicator } from '../app/live-indicator.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { CreateExtensionForm } from './create-extension.form.tsx';
import { EditExtensionForm } from './edit-extension.form.tsx';
import { PhoneSetup } from './phone-setup.tsx';
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
  const [editing, setEditing] = useState<Extension | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

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
    setSaved(null);
    reveal.reset();
    reset.reset();
    remove.reset();
  };

  const registeredAt = (extension: Extension): string | null =>
    live.registrations?.has(extension.id)
      ? (live.registrations.get(extension.id) ?? null)
      : extension.registeredAt;

  /** The last refused REGISTER, shown while no registration succeeded after it. */
  const failure = (extension: Extension, since: string | null) => {
    const live_ = live.failures.get(extension.id);
    const failedAt = live_?.failedAt ?? extension.lastRegistrationFailureAt;
    const networkIp = live_ ? live_.networkIp : extension.lastRegistrationFailureIp;
    if (!failedAt || (since && Date.parse(since) >= Date.parse(failedAt))) return null;
    return { failedAt, networkIp };
  };

  return (
    <section>
      <div className="page-title">
        <h1>{t('extensions.title')}</h1>
        {canManage && !creating && !secret && !editing && (
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
      {editing && (
        <EditExtensionForm
          key={editing.id}
          extension={editing}
          onCancel={() => setEditing(null)}
          onSaved={(extension) => {
            setEditing(null);
            setSaved(extension.number);
          }}
        />
      )}
      {secret && <PhoneSetup extension={secret} onDismiss={() => setSecret(null)} />}
      {saved && <SuccessMessage>{t('extensionPhones.saved', { number: saved })}</SuccessMessage>}
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
              const refused = failure(extension, since);
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
                    {refused && (
                      <>
                        {' '}
                        <span className="badge trunk-failed" data-testid="registration-failure" title={t('extensionPhones.failedHint')}>
                          {refused.networkIp
                            ? t('extensionPhones.failedFrom', { time: format.dateTime(refused.failedAt), ip: refused.networkIp })
                            : t('extensionPhones.failed', { time: format.dateTime(refused.failedAt) })}
                        </span>
                      </>
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
                        <button
                          type="button"
                          className="secondary"
                          aria-label={t('extensionPhones.editAria', { number: extension.number })}
                          disabled={busy || editing !== null}
                          onClick={() => {
                            clearResults();
                            setCreating(false);
                            setEditing(extension);
                          }}
                        >
                          {t('extensionPhones.edit')}
                        </button>
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
                          warning={t('extensionPhones.deleteWarning', { number: extension.number })}
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
