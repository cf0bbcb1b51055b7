// Compares the simulator's event stream with a capture: per-channel event sequences, the
// global order of the events both contain, and for every matched pair the header names and
// their order (fixed headers exactly; variables exactly or as an ordered subset).
import type { ParsedEvent } from './esl-wire.ts';
import { fixedNames, get, inOrder, key, role, variableNames } from './fixtures.ts';

export interface Pair {
  mine: ParsedEvent;
  theirs: ParsedEvent;
}

/** Pairs events channel by channel (n-th event of a role with the n-th), others by key order. */
export function pairEvents(allMine: ParsedEvent[], allTheirs: ParsedEvent[]): Pair[] {
  const both = new Set(allMine.map(key).filter((k) => allTheirs.some((t) => key(t) === k)));
  const mine = allMine.filter((e) => both.has(key(e)));
  const theirs = allTheirs.filter((e) => both.has(key(e)));
  const bucket = (events: ParsedEvent[]): Map<string, ParsedEvent[]> => {
    const out = new Map<string, ParsedEvent[]>();
    for (const e of events) {
      const id = role(e) ?? `~${key(e)}`;
      out.set(id, [...(out.get(id) ?? []), e]);
    }
    return out;
  };
  const a = bucket(mine);
  const pairs: Pair[] = [];
  for (const [id, list] of bucket(theirs)) {
    const other = a.get(id) ?? [];
    list.forEach((t, i) => {
      const m = other[i];
      if (m && key(m) === key(t)) pairs.push({ mine: m, theirs: t });
    });
  }
  return pairs;
}

export function sequence(events: ParsedEvent[], keep: (e: ParsedEvent) => boolean): string[] {
  return events.filter(keep).map((e) => key(e) + (role(e) ? `@${role(e)}` : ''));
}

/** Where two name lists start to differ, with a few names of context on each side. */
export function divergence(a: string[], b: string[]): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const ctx = (list: string[]): string => list.slice(Math.max(0, i - 2), i + 4).join(',');
  return `at #${i}: sim …${ctx(a)}… | cap …${ctx(b)}… (sim-only: ${a.filter((x) => !b.includes(x)).join(',') || '-'}; cap-only: ${b.filter((x) => !a.includes(x)).join(',') || '-'})`;
}

/**
 * Variables whose position depends on which FreeSWITCH thread ran first (they differ between
 * two captures of the same flow, e.g. 06 vs 08): left out of the ordered-subset comparison.
 */
const RACY = new Set(['variable_last_sent_callee_id_name', 'variable_last_sent_callee_id_number', 'variable_bridge_to', 'variable_last_bridge_hangup_cause', 'variable_last_bridge_role', 'variable_call_uuid']);

export function headerDiffs(pairs: Pair[], variables: 'exact' | 'subset' | 'none'): string[] {
  const out: string[] = [];
  for (const { mine, theirs } of pairs) {
    const label = `${key(theirs)}@${role(theirs) ?? '-'}:${get(theirs, 'Channel-State') ?? ''}`;
    const fm = fixedNames(mine).join(',');
    const ft = fixedNames(theirs).join(',');
    if (fm !== ft) out.push(`${label} headers ${divergence(fixedNames(mine), fixedNames(theirs))}`);
    if (variables === 'none') continue;
    const vm = variableNames(mine).filter((v) => variables === 'exact' || !RACY.has(v));
    const vt = variableNames(theirs).filter((v) => variables === 'exact' || !RACY.has(v));
    if (variables === 'exact' && vm.join(',') !== vt.join(',')) out.push(`${label} variables ${divergence(vm, vt)}`);
    if (variables === 'subset') {
      const common = vt.filter((v) => vm.includes(v));
      if (!inOrder(common, vm)) out.push(`${label} variable order ${divergence(vm.filter((v) => vt.includes(v)), common)}`);
    }
  }
  return out;
}
