import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { ivrMenusApi, ivrMenusKey, rememberMenu, type IvrMenu } from './ivr-menus.api.ts';
import { usePromptUrl } from './use-prompt-url.ts';

/** The menu's audio: upload (WAV only, checked by the server), listen, replace, remove. */
export function IvrPrompt({ menu, readOnly }: { menu: IvrMenu; readOnly: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const preview = usePromptUrl(menu.hasPrompt ? menu.id : null, menu.updatedAt);
  const tenantId = me?.tenantId ?? null;

  const upload = useMutation({
    mutationFn: (chosen: File) => ivrMenusApi.uploadPrompt(menu.id, chosen),
    // The answer is the menu with its new prompt: it replaces the cached copies.
    onSuccess: (saved) => {
      rememberMenu(queryClient, tenantId, saved);
      setFile(null);
      form.current?.reset();
    },
  });
  const remove = useMutation({
    mutationFn: () => ivrMenusApi.removePrompt(menu.id),
    onSuccess: () =>
      rememberMenu(queryClient, tenantId, { ...menu, hasPrompt: false, promptSizeBytes: null }),
    // The removal answers no body: read the menu again for what the server changed with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ivrMenusKey(tenantId) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    if (file) upload.mutate(file);
  };

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ivrMenus.prompt.title')}</h3>
      {menu.hasPrompt ? (
        <>
          <p>
            {t('ivrMenus.prompt.stored', {
              size: format.number(Math.ceil((menu.promptSizeBytes ?? 0) / 1024)),
            })}
          </p>
          {preview.url && (
            <audio
              className="ivr-audio"
              controls
              src={preview.url}
              aria-label={t('ivrMenus.prompt.preview')}
            />
          )}
          <ErrorMessage error={preview.error} />
        </>
      ) : (
        <p className="muted">{t('ivrMenus.prompt.none')}</p>
      )}
      {!readOnly && (
        <>
          <form ref={form} className="form" aria-label={t('ivrMenus.prompt.uploadTitle')} onSubmit={submit}>
            <label>
              <span>{t('ivrMenus.prompt.file')}</span>
              <input
                type="file"
                accept="audio/wav"
                required
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </label>
            <div className="actions">
              <button type="submit" disabled={!file || upload.isPending}>
                {upload.isPending
                  ? t('ivrMenus.prompt.uploading')
                  : menu.hasPrompt
                    ? t('ivrMenus.prompt.replace')
                    : t('ivrMenus.prompt.upload')}
              </button>
              {menu.hasPrompt && (
                <ConfirmButton
                  label={t('ivrMenus.prompt.remove')}
                  confirmLabel={t('ivrMenus.prompt.confirmRemove')}
                  disabled={remove.isPending}
                  onConfirm={() => {
                    upload.reset();
                    remove.mutate();
                  }}
                />
              )}
            </div>
          </form>
          <ErrorMessage error={upload.error ?? remove.error} />
        </>
      )}
    </section>
  );
}
