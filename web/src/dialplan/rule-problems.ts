// The server names each refused part of a rule by a path (`actions.2.data`, `conditionField`);
// these helpers turn that into something the form can point at. Pure; the details themselves are
// read by errorDetails.
import type { ErrorDetail } from '../app/error-details.ts';

export type Problem = ErrorDetail;

/** Where a problem is: a part of one action row, or a field of the rule itself. */
export type ProblemPlace =
  | { list: 'actions' | 'antiActions'; position: number; field: 'application' | 'data' | null }
  | { list: null; field: string };

export function placeOf(path: string): ProblemPlace {
  const match = /^(actions|antiActions)\.(\d+)(?:\.(application|data))?$/.exec(path);
  if (!match) return { list: null, field: path };
  return {
    list: match[1] as 'actions' | 'antiActions',
    position: Number(match[2]) + 1,
    field: (match[3] as 'application' | 'data' | undefined) ?? null,
  };
}

/** Whether a problem concerns this input: the form marks such inputs aria-invalid. */
export function hasProblem(problems: readonly Problem[], path: string): boolean {
  return problems.some((problem) => problem.path === path || problem.path.startsWith(`${path}.`));
}
