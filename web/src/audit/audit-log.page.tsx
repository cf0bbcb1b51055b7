import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { auditApi, auditLogKey, summarizeDetails } from './audit.api.ts';

export function AuditLogPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const entries = useQuery({ queryKey: auditLogKey, queryFn: auditApi.list });

  return (
    <section>
      <div className="page-title">
        <h1>{t('auditLog.title')}</h1>
        <button type="button" className="secondary" onClick={() => void entries.refetch()}>
          {t('common.refresh')}
        </button>
      </div>
      <p className="muted">{t('auditLog.subtitle', { timeZone: format.timeZone })}</p>
      <ErrorMessage error={entries.error} />
      {entries.isPending ? (
        <Loading />
      ) : entries.data?.length === 0 ? (
        <p>{t('auditLog.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('auditLog.when')}</th>
              <th>{t('auditLog.actor')}</th>
              <th>{t('auditLog.action')}</th>
              <th>{t('auditLog.target')}</th>
              <th>{t('auditLog.details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.data?.map((entry) => (
              <tr key={entry.id}>
                <td className="nowrap">{format.dateTime(entry.createdAt)}</td>
                <td>{entry.actorEmail ?? t('auditLog.system')}</td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>{[entry.targetType, entry.targetId].filter(Boolean).join(' ')}</td>
                <td className="details">{summarizeDetails(entry.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
