// A share judged against its target, said in words and an icon as well as colour: the summary
// tiles, the dashboard's tiles and the wallboard's queues all say it this one way.
import { useTranslation } from 'react-i18next';
import { displayValue, exportValue } from './report-format.ts';
import { meetsTarget, type TargetSense } from './report-summary.ts';

export type TargetState = 'met' | 'missed';

/** Met or missed; undefined when there is nothing to judge (a rate of no calls). */
export const stateOf = (met: boolean | null): TargetState | undefined => (met === null ? undefined : met ? 'met' : 'missed');

/** A share (0..1, or null) judged against its target on the value as shown, rounded as the tables round. */
export const targetState = (share: number | null, target: number, sense: TargetSense): TargetState | undefined =>
  stateOf(meetsTarget(exportValue('share', share), target, sense));

/** The target line under a figure: "✓ Target 80.0% met", "⚠ Above the limit of 5.0%", "Limit 5.0%". */
export function TargetNote(props: { state: TargetState | undefined; target: number; sense: TargetSense; className: string }) {
  const { t, i18n } = useTranslation();
  return (
    <dd className={props.className}>
      {props.state && (
        <span aria-hidden="true" className="summary-icon">
          {props.state === 'met' ? '✓' : '⚠'}{' '}
        </span>
      )}
      {t(`reports.summary.${props.sense}.${props.state ?? 'none'}`, { target: displayValue('share', props.target, i18n.language) })}
    </dd>
  );
}
