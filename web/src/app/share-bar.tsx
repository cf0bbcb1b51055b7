// A horizontal bar of shares (agents by state, leads by status) with its legend: one segment per
// entry, as wide as its share, named with its count for screen readers.
import type { ReactNode } from 'react';

export interface ShareEntry {
  key: string;
  /** The segment's colour class (state-AVAILABLE, lead-READY…). */
  className: string;
  /** 0..1 of the whole. */
  share: number;
  /** What the bar's accessible name says of it: "Ready: 3". */
  spoken: string;
  /** Its entry in the legend. */
  legend: ReactNode;
  testId?: string;
}

export function ShareBar({ entries }: { entries: readonly ShareEntry[] }) {
  const spoken = entries.map((entry) => entry.spoken).join(', ');
  return (
    <figure className="state-bar-figure">
      {/* Nothing to count (no leads yet): an empty bar says nothing, so it is hidden rather than an image without a name. */}
      <div className="state-bar" {...(spoken ? { role: 'img', 'aria-label': spoken } : { 'aria-hidden': true })}>
        {entries.map((entry) => (
          <span key={entry.key} className={`segment ${entry.className}`} style={{ width: `${entry.share * 100}%` }} />
        ))}
      </div>
      <figcaption>
        {entries.map((entry) => (
          <span key={entry.key} className="legend" data-testid={entry.testId}>
            {entry.legend}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
