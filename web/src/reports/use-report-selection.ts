import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { queryString } from '../app/query-string.ts';
import { useTimeZone } from '../app/use-format.ts';
import { readSelection, resolveSelection, selectionParams, type ReportSelection } from './report-selection.ts';

/** The report's selection as the URL holds it (links and the back button keep it), resolved in the tenant's zone. */
export function useReportSelection() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const timeZone = useTimeZone();
  const selection = useMemo(() => readSelection(new URLSearchParams(search)), [search]);
  // A preset is asked by name; "now" only places the bounds the picker shows and checks.
  const resolved = useMemo(() => resolveSelection(selection, Date.now(), timeZone), [selection, timeZone]);
  return {
    selection,
    resolved,
    timeZone,
    /** The URL's own text, which the picker's draft is reset from. */
    search,
    apply: (next: ReportSelection) => setParams(new URLSearchParams(queryString(selectionParams(next)))),
  };
}
