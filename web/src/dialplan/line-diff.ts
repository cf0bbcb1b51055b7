// Turns jsdiff's line changes into display lines: one entry per line, marked added, removed or
// unchanged, so the view can show +/- markers as well as colors. Pure.
import { diffLines, type Change } from 'diff';

export type LineKind = 'added' | 'removed' | 'same';

export interface DiffLine {
  kind: LineKind;
  text: string;
}

/** A change's value holds whole lines, each ending in a newline except possibly the text's last. */
function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function toDiffLines(changes: readonly Change[]): DiffLine[] {
  return changes.flatMap((change) => {
    const kind: LineKind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    return splitLines(change.value).map((text) => ({ kind, text }));
  });
}

/** Lines of `after` compared with `before`. */
export function diffText(before: string, after: string): DiffLine[] {
  // A missing final newline must not make the last line look changed.
  const ending = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  return toDiffLines(diffLines(ending(before), ending(after)));
}

export function countChanges(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'added') added += 1;
    if (line.kind === 'removed') removed += 1;
  }
  return { added, removed };
}
