import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@callcenter/rules/audit-actions';
import { nextDay, startOfDayIn } from '@callcenter/rules/zoned-time';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { Pager } from '../app/pager.tsx';
import { useFilterForm } from '../app/use-filter-form.ts';
import { useFormat } from '../app/use-format.ts';
import {
  auditApi,
  auditLogKey,
  detailLines,
  type AuditEntry,
  type AuditFilters,
  type AuditScope,
  type DetailLine,
} from './audit.api.ts';
import './audit.css';

const PAGE_SIZE = 50;

type Draft = {
  actor: string;
  action: string;
  targetType: string;
  /** Calendar days (YYYY-MM-DD), read in the tenant's time zone. */
  from: string;
  to: string;
};

const EMPTY: Draft = { actor: '', action: '', targetType: '', from: '', to: '' };

/** The tenant's own log (/tenant/audit-log) or the platform's across tenants (/admin/audit-log). */
export function AuditLogPage({ scope }: { scope: AuditScope }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { id, draft, applied, page, setPage, filtering, apply, clear, field } = useFilterForm<Draft>(EMPTY);

  const filters: AuditFilters = {
    actor: applied.actor.trim() || undefined,
    action: applied.action || undefined,
    targetType: applied.targetType || undefined,
    from: applied.from ? startOfDayIn(applied.from, format.timeZone) : undefined,
    // The "to" day is included: the range ends when the next day starts.
    to: applied.to ? startOfDayIn(nextDay(applied.to), format.timeZone) : undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  const entries = useQuery({
    queryKey: auditLogKey(scope, filters),
    queryFn: () => auditApi.list(scope, filters),
    placeholderData: keepPreviousData,
  });

  const actionLabel = (action: string) => t(`audit.actions.${action}`, { defaultValue: action });
  const targetLabel = (type: string) => t(`audit.targets.${type}`, { defaultValue: type });
  const actions = [...AUDIT_ACTIONS].sort((a, b) => actionLabel(a).localeCompare(actionLabel(b)));
  const targets = [...AUDIT_TARGET_TYPES].sort((a, b) => targetLabel(a).localeCompare(targetLabel(b)));

  const data = entries.data;

  return (
    <section>
      <div className="page-title">
        <h1>{t('auditLog.title')}</h1>
        <button type="button" className="secondary" onClick={() => void entries.refetch()}>
          {t('common.refresh')}
        </button>
      </div>
      <p className="muted">{t('audit.subtitle', { timeZone: format.timeZone })}</p>

      <form className="audit-filters" onSubmit={apply} aria-label={t('audit.filters')}>
        <div className="audit-field">
          <label htmlFor={`${id}-actor`}>{t('audit.actor')}</label>
          <input type="search" maxLength={120} {...field('actor')} />
        </div>
        <div className="audit-field">
          <label htmlFor={`${id}-action`}>{t('audit.action')}</label>
          <select {...field('action')}>
            <option value="">{t('audit.any')}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-field">
          <label htmlFor={`${id}-targetType`}>{t('audit.targetType')}</label>
          <select {...field('targetType')}>
            <option value="">{t('audit.any')}</option>
            {targets.map((type) => (
              <option key={type} value={type}>
                {targetLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-field">
          <label htmlFor={`${id}-from`}>{t('audit.from')}</label>
          <input type="date" max={draft.to || undefined} {...field('from')} />
        </div>
        <div className="audit-field">
          <label htmlFor={`${id}-to`}>{t('audit.to')}</label>
          <input type="date" min={draft.from || undefined} {...field('to')} />
        </div>
        <div className="actions">
          <button type="submit">{t('audit.apply')}</button>
          <button type="button" className="secondary" onClick={clear}>
            {t('audit.clear')}
          </button>
        </div>
      </form>

      <ErrorMessage error={entries.error} />
      {entries.isPending ? (
        <Loading />
      ) : !data || data.items.length === 0 ? (
        <p>{filtering ? t('audit.noMatch') : t('auditLog.empty')}</p>
      ) : (
        <>
          <table>
            <thead>
              <tr>
                <th>{t('auditLog.when')}</th>
                {scope === 'platform' ? <th>{t('audit.tenant')}</th> : null}
                <th>{t('auditLog.actor')}</th>
                <th>{t('auditLog.action')}</th>
                <th>{t('auditLog.target')}</th>
                <th>{t('auditLog.details')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr key={entry.id}>
                  <td className="nowrap">{format.dateTime(entry.createdAt)}</td>
                  {scope === 'platform' ? <td>{entry.tenantName ?? '—'}</td> : null}
                  <td>
                    <Actor entry={entry} />
                  </td>
                  <td title={entry.action}>{actionLabel(entry.action)}</td>
                  <td>
                    {entry.targetType ? (
                      <>
                        <span className="muted">{targetLabel(entry.targetType)}</span> {targetText(entry)}
                      </>
                    ) : null}
                  </td>
                  <td className="details">
                    <Details lines={detailLines(entry.details)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={data.page} pageSize={data.pageSize} shown={data.items.length} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (!entry.actorUserId) return <>{t('auditLog.system')}</>;
  if (!entry.actorName && !entry.actorEmail) return <code title={entry.actorUserId}>{entry.actorUserId.slice(0, 8)}</code>;
  return (
    <span title={entry.actorEmail ?? undefined}>
      {entry.actorName ?? entry.actorEmail}
      {entry.actorName && entry.actorEmail ? <span className="muted"> · {entry.actorEmail}</span> : null}
    </span>
  );
}

/** The target's name; for a row whose target is gone, the name the details kept; the id as a last resort. */
function targetText(entry: AuditEntry): string {
  if (entry.targetName) return entry.targetName;
  const kept = ['name', 'number', 'didNumber', 'email', 'code', 'context'].map((key) => entry.details[key]).find((value) => typeof value === 'string');
  if (typeof kept === 'string') return kept;
  return entry.targetId ? entry.targetId.slice(0, 8) : '';
}

function Details({ lines }: { lines: DetailLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <ul className="audit-details">
      {lines.map((line, index) => (
        <li key={index}>
          {line.kind === 'changed' ? (
            <>
              {t('audit.changed')}: {line.fields.join(', ')}
            </>
          ) : line.kind === 'change' ? (
            <>
              {line.key ? `${line.key}: ` : ''}
              {line.before} → {line.after}
            </>
          ) : (
            <>
              {line.key ? `${line.key}: ` : ''}
              {line.value}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
