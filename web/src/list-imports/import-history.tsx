// The imports of a list, newest first: who sent what, how it went, and its refused rows.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { hasRejectedRows } from './import-progress.ts';
import {
  listImportsApi,
  listImportsKey,
  saveBlob,
  type ImportTarget,
  type ListImport,
} from './list-imports.api.ts';

const STATUS_TONE = { RUNNING: 'pending', COMPLETED: 'active', FAILED: 'disabled' } as const;

export function ImportHistory({ target }: { target: ImportTarget }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const imports = useQuery({
    queryKey: listImportsKey(me?.tenantId ?? null, target),
    queryFn: () => listImportsApi.list(target),
    // A running import moves its counters: re-read until none runs.
    refetchInterval: (query) => (query.state.data?.some((one) => one.status === 'RUNNING') ? 2_000 : false),
  });
  const download = useMutation({
    mutationFn: (one: ListImport) => listImportsApi.rejected(target, one.id),
    onSuccess: (blob, one) => saveBlob(blob, `rejected-${one.id}.csv`),
  });
  if (imports.isPending) return <Loading />;
  return (
    <section aria-labelledby="import-history">
      <h2 id="import-history">{t('listImports.history')}</h2>
      <ErrorMessage error={imports.error ?? download.error} />
      {imports.data?.length === 0 ? (
        <p className="muted">{t('listImports.noImports')}</p>
      ) : (
        <div className="table-scroll">
          <table aria-label={t('listImports.history')}>
            <thead>
              <tr>
                <th>{t('listImports.when')}</th>
                <th>{t('listImports.file')}</th>
                <th>{t('listImports.status')}</th>
                <th className="number">{t('listImports.counters.total')}</th>
                <th className="number">{t('listImports.counters.imported')}</th>
                <th className="number">{t('listImports.counters.duplicates')}</th>
                <th className="number">{t('listImports.counters.invalid')}</th>
                <th className="number">{t('listImports.counters.suppressed')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {imports.data?.map((one) => (
                <tr key={one.id} data-testid="import-row">
                  <td>{format.dateTime(one.createdAt)}</td>
                  <td>{one.fileName ?? '—'}</td>
                  <td>
                    <span className={`badge ${STATUS_TONE[one.status]}`}>
                      {t(`listImports.statuses.${one.status}`)}
                    </span>
                    {one.errorCode && (
                      <span className="muted">
                        {' '}
                        {t(`errors.codes.${one.errorCode}`, { ...one.errorParams, defaultValue: one.errorCode })}
                      </span>
                    )}
                  </td>
                  <td className="number">{format.number(one.total)}</td>
                  <td className="number">{format.number(one.imported)}</td>
                  <td className="number">{format.number(one.duplicates)}</td>
                  <td className="number">{format.number(one.invalid)}</td>
                  <td className="number">{format.number(one.suppressed)}</td>
                  <td className="row-actions">
                    {hasRejectedRows(one) && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={download.isPending}
                        onClick={() => download.mutate(one)}
                      >
                        {t('listImports.downloadRejected')}
                      </button>
                    )}
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
