// A tenant's own audio file (an IVR prompt, a campaign's abandon message): upload a WAV (the server
// checks it), see the upload's progress, listen to what is stored, replace it, remove it.
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button.tsx';
import { ErrorMessage } from './feedback.tsx';
import type { BlobUrl } from './use-blob-url.ts';
import { useFormat } from './use-format.ts';

export interface AudioUploadProps {
  /**
   * The feature's translation keys under this prefix: title, stored ({{size}} in KB), preview,
   * none, uploadTitle, file, upload, replace, uploading, progress, remove, confirmRemove.
   */
  texts: string;
  present: boolean;
  sizeBytes: number | null;
  /** The stored file as an object URL (useBlobUrl), for the audio element. */
  preview: BlobUrl;
  readOnly: boolean;
  /** Sends the file; `onProgress` gets the share sent (0..1). Resolves once the caller's caches hold the answer. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  remove: () => Promise<unknown>;
  heading?: 'h2' | 'h3';
}

export function AudioUpload({ texts, present, sizeBytes, preview, readOnly, upload, remove, heading: Heading = 'h3' }: AudioUploadProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const text = (key: string, values?: Record<string, unknown>) => t(`${texts}.${key}`, values);

  const sending = useMutation({
    mutationFn: (chosen: File) => {
      setProgress(0);
      return upload(chosen, setProgress);
    },
    onSuccess: () => {
      setFile(null);
      form.current?.reset();
    },
  });
  const removing = useMutation({ mutationFn: remove });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    removing.reset();
    if (file) sending.mutate(file);
  };

  return (
    <section className="panel audio-upload" aria-labelledby={headingId}>
      <Heading id={headingId}>{text('title')}</Heading>
      {present ? (
        <>
          <p>{text('stored', { size: format.number(Math.ceil((sizeBytes ?? 0) / 1024)) })}</p>
          {preview.url && <audio className="audio-upload-player" controls src={preview.url} aria-label={text('preview')} />}
          <ErrorMessage error={preview.error} />
        </>
      ) : (
        <p className="muted">{text('none')}</p>
      )}
      {!readOnly && (
        <>
          <form ref={form} className="form" aria-label={text('uploadTitle')} onSubmit={submit}>
            <label>
              <span>{text('file')}</span>
              <input type="file" accept="audio/wav,.wav" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
            </label>
            {sending.isPending && (
              <div className="audio-upload-progress">
                <progress max={1} value={progress} aria-label={text('progress')} />
                <span aria-live="polite">{format.percent(progress)}</span>
              </div>
            )}
            <div className="actions">
              <button type="submit" disabled={!file || sending.isPending}>
                {sending.isPending ? text('uploading') : present ? text('replace') : text('upload')}
              </button>
              {present && (
                <ConfirmButton
                  label={text('remove')}
                  confirmLabel={text('confirmRemove')}
                  disabled={removing.isPending}
                  onConfirm={() => {
                    sending.reset();
                    removing.mutate();
                  }}
                />
              )}
            </div>
          </form>
          <ErrorMessage error={sending.error ?? removing.error} />
        </>
      )}
    </section>
  );
}
