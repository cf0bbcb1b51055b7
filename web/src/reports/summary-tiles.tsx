// The headline tiles a report opens with (report-summary.ts): a description list, each value in the
// table's format; a target missed is said in words and an icon as well as in colour.
import { useTranslation } from 'react-i18next';
import { displayValue } from './report-format.ts';
import type { SummaryTile } from './report-summary.ts';
import { stateOf, TargetNote } from './target-note.tsx';

export function SummaryTiles({ tiles }: { tiles: readonly SummaryTile[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <dl className="summary-tiles" aria-label={t('reports.summary.label')} data-testid="summary-tiles">
      {tiles.map((tile) => {
        const target = tile.target;
        const state = target ? stateOf(target.met) : undefined;
        return (
          <div key={tile.id} className={state ? `summary-tile ${state}` : 'summary-tile'} data-testid={`summary-${tile.id}`} data-target={state}>
            <dt>{t(tile.label)}</dt>
            <dd className="summary-value">{displayValue(tile.kind, tile.value, locale)}</dd>
            {target && <TargetNote state={state} target={target.value} sense={target.sense} className="summary-target" />}
          </div>
        );
      })}
    </dl>
  );
}
