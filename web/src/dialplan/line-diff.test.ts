import { describe, expect, it } from 'vitest';
import { countChanges, diffText, toDiffLines } from './line-diff.ts';

describe('toDiffLines', () => {
  it('splits each change into lines, keeping its kind', () => {
    expect(
      toDiffLines([
        { value: 'a\nb\n', added: false, removed: false, count: 2 },
        { value: 'c\n', added: false, removed: true, count: 1 },
        { value: 'C\nD', added: true, removed: false, count: 2 },
      ]),
    ).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'same', text: 'b' },
      { kind: 'removed', text: 'c' },
      { kind: 'added', text: 'C' },
      { kind: 'added', text: 'D' },
    ]);
  });

  it('keeps blank lines inside a change', () => {
    expect(
      toDiffLines([{ value: 'a\n\nb\n', added: true, removed: false, count: 3 }]).map((line) => line.text),
    ).toEqual(['a', '', 'b']);
  });
});

describe('diffText', () => {
  const before = [
    '<include>',
    '  <context name="acme_default">',
    '    <extension name="old"/>',
    '  </context>',
    '</include>',
  ].join('\n');
  const after = [
    '<include>',
    '  <context name="acme_default">',
    '    <extension name="new"/>',
    '    <extension name="more"/>',
    '  </context>',
    '</include>',
  ].join('\n');

  it('marks the lines that changed and keeps the others', () => {
    const lines = diffText(before, after);
    expect(lines.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'removed', text: '    <extension name="old"/>' },
      { kind: 'added', text: '    <extension name="new"/>' },
      { kind: 'added', text: '    <extension name="more"/>' },
    ]);
    expect(lines.at(-1)).toEqual({ kind: 'same', text: '</include>' });
    expect(countChanges(lines)).toEqual({ added: 2, removed: 1 });
  });

  it('finds no change between equal texts, whatever their final newline', () => {
    const lines = diffText(before, `${before}\n`);
    expect(countChanges(lines)).toEqual({ added: 0, removed: 0 });
    expect(lines).toHaveLength(5);
  });
});
