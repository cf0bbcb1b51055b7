import { useTranslation } from 'react-i18next';
import { useFormat } from './use-format.ts';

/** Previous / next over a paginated list ({ items, total, page, pageSize }), with "1–50 of 1,234". */
export function Pager({
  page,
  pageSize,
  shown,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  /** Items on this page. */
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">
        {t('pager.range', {
          from: format.number((page - 1) * pageSize + 1),
          to: format.number((page - 1) * pageSize + shown),
          total: format.number(total),
        })}
      </span>
      <button type="button" className="secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
