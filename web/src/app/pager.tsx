import { useTranslation } from 'react-i18next';
import { useFormat } from './use-format.ts';

/** Previous / next over a paginated list ({ items, total, page, pageSize }), with "1–50 of 1,234". */
export function Pager({
  page,
  pageSize,
  shown,
  total,
  totalExact = true,
  onPage,
}: {
  page: number;
  pageSize: number;
  /** Items on this page. */
  shown: number;
  total: number;
  /** false when `total` is only a lower bound (a very long list is not counted to its end). */
  totalExact?: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // Past a lower bound there may be more pages: next stays open while this page is full.
  const lastPage = totalExact ? Math.max(1, Math.ceil(total / pageSize)) : shown === pageSize ? page + 1 : page;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">
        {t(totalExact ? 'pager.range' : 'pager.rangeAtLeast', {
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
