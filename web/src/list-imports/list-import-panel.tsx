// Upload a CSV list with a live progress bar (from the import's progress events), then its counters
// and, when rows were refused, their download. Used for leads and for the suppression list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { useRealtime } from '../app/realtime.ts';
import { useFormat } from '../app/use-format.ts';
import {
  applyProgress,
  hasRejectedRows,
  parseImportProgress,
  progressFraction,
  startUpload,
  type UploadInProgress,
} from './import-progress.ts';
import { listImportsApi, saveBlob, type ImportResult, type ImportTarget } from './list-imports.api.ts';
import { PhoneColumns, readMapping, type PhoneMapping } from './phone-columns.tsx';
import './list-imports.css';

export function ListImportPanel({ target, onImported }: { target: ImportTarget; onImported?: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { can } = useAuth();
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<UploadInProgress | null>(null);
  // A lead file's columns, read in the browser as soon as it is chosen (the suppression list has none to map).
  const [mapping, setMapping] = useState<PhoneMapping | null>(null);
  // Progress comes over the realtime stream, which needs monitoring.view; without it the bar only
  // says that the import runs.
  const live = useRealtime(can('monitoring.view'), {
    on: {
      LIST_IMPORT_PROGRESS: (payload) => {
        const event = parseImportProgress(payload);
        if (event) setUpload((current) => (current ? applyProgress(current, event) : current));
      },
    },
  });
  const send = useMutation({
    mutationFn: (chosen: File) => listImportsApi.upload(target, chosen, mapping?.phones ?? []),
    onSettled: () => {
      setUpload(null);
      void queryClient.invalidateQueries({ queryKey: ['list-imports'] });
      onImported?.();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || mapping?.phones.length === 0) return;
    setUpload(startUpload(target.kind, target.campaignId, file.size));
    send.mutate(file);
  };

  return (
    <form className="list-import" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`listImports.title.${target.kind}`)}</h2>
      <p className="muted">{t(`listImports.help.${target.kind}`)}</p>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('listImports.file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          disabled={send.isPending}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setMapping(null);
            send.reset();
            if (chosen && target.kind === 'LEADS') {
              // The server judges the file anyway: an unreadable header just shows no mapping.
              void readMapping(chosen).then(setMapping, () => setMapping(null));
            }
          }}
        />
      </div>
      {mapping && <PhoneColumns mapping={mapping} onChange={setMapping} disabled={send.isPending} />}
      <div className="form-actions">
        <button type="submit" disabled={!file || send.isPending || mapping?.phones.length === 0}>
          {t('listImports.import')}
        </button>
      </div>
      {upload && (
        <div className="import-progress" data-testid="import-progress">
          {live.connected ? (
            <progress max={1} value={progressFraction(upload)} aria-label={t('listImports.progress')} />
          ) : (
            <progress aria-label={t('listImports.progress')} />
          )}
          <span aria-live="polite">
            {t('listImports.rowsRead', {
              rows: format.number(upload.rowsRead),
              percent: format.percent(progressFraction(upload)),
            })}
          </span>
        </div>
      )}
      <ErrorMessage error={send.error} />
      {send.data && <ImportSummary target={target} result={send.data} />}
    </form>
  );
}

function ImportSummary({ target, result }: { target: ImportTarget; result: ImportResult }) {
  const { t } = useTranslation();
  const format = useFormat();
  const download = useMutation({
    mutationFn: () => listImportsApi.rejected(target, result.importId),
    onSuccess: (blob) => saveBlob(blob, `rejected-${result.importId}.csv`),
  });
  const counters = ['total', 'valid', 'invalid', 'duplicates', 'imported', 'suppressed'] as const;
  return (
    <div role="status" className="success import-summary" data-testid="import-summary">
      <p>{t('listImports.done')}</p>
      <dl className="counters">
        {counters.map((counter) => (
          <div key={counter}>
            <dt>{t(`listImports.counters.${counter}`)}</dt>
            <dd data-testid={`count-${counter}`}>{format.number(result[counter])}</dd>
          </div>
        ))}
      </dl>
      {hasRejectedRows(result) && (
        <button
          type="button"
          className="secondary"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('listImports.downloadRejected')}
        </button>
      )}
      <ErrorMessage error={download.error} />
    </div>
  );
}
