import { describe, expect, it } from 'vitest';
import { COLUMN_X, ROW_HEIGHT, columnLayout, compareDigits } from './ivr-layout.ts';

const unplaced = (...digits: string[]) => digits.map((digit) => ({ digit, position: null }));

describe('columnLayout', () => {
  it('places a menu without options at the origin of the first column', () => {
    expect(columnLayout({ entry: null, options: [] })).toEqual({
      entry: { x: COLUMN_X.entry, y: 0 },
      options: [],
    });
  });

  it('puts a single option in the next column, level with the entry', () => {
    expect(columnLayout({ entry: null, options: unplaced('5') })).toEqual({
      entry: { x: 0, y: 0 },
      options: [{ x: COLUMN_X.options, y: 0 }],
    });
  });

  it('stacks many options in keypad order, the entry level with the middle of the column', () => {
    const layout = columnLayout({ entry: null, options: unplaced('#', '0', '2', '1', '*') });
    // Keypad order: 1, 2, 0, *, #.
    expect(layout.options).toEqual([
      { x: COLUMN_X.options, y: 4 * ROW_HEIGHT },
      { x: COLUMN_X.options, y: 2 * ROW_HEIGHT },
      { x: COLUMN_X.options, y: 1 * ROW_HEIGHT },
      { x: COLUMN_X.options, y: 0 },
      { x: COLUMN_X.options, y: 3 * ROW_HEIGHT },
    ]);
    expect(layout.entry).toEqual({ x: COLUMN_X.entry, y: 2 * ROW_HEIGHT });
    expect(new Set(layout.options.map((position) => position.y)).size).toBe(5);
    expect(COLUMN_X.options).toBeGreaterThan(COLUMN_X.entry);
  });

  it('keeps every saved position, entry included', () => {
    const layout = columnLayout({
      entry: { x: -40, y: 15 },
      options: [
        { digit: '1', position: { x: 700, y: -20 } },
        { digit: '2', position: { x: 0, y: 0 } },
      ],
    });
    expect(layout).toEqual({
      entry: { x: -40, y: 15 },
      options: [
        { x: 700, y: -20 },
        { x: 0, y: 0 },
      ],
    });
  });

  it('gives options without a saved position their automatic slot next to saved ones', () => {
    const layout = columnLayout({
      entry: null,
      options: [
        { digit: '3', position: null },
        { digit: '1', position: { x: 900, y: 500 } },
        { digit: '2', position: null },
      ],
    });
    expect(layout.options).toEqual([
      { x: COLUMN_X.options, y: 2 * ROW_HEIGHT },
      { x: 900, y: 500 },
      { x: COLUMN_X.options, y: 1 * ROW_HEIGHT },
    ]);
    expect(layout.entry).toEqual({ x: COLUMN_X.entry, y: ROW_HEIGHT });
  });

  it('keeps input order for a repeated digit while the user is still editing', () => {
    const layout = columnLayout({ entry: null, options: unplaced('4', '4') });
    expect(layout.options.map((position) => position.y)).toEqual([0, ROW_HEIGHT]);
  });
});

describe('compareDigits', () => {
  it('sorts the phone pad: 1-9, then 0, * and #', () => {
    expect(['#', '0', '9', '*', '1'].sort(compareDigits)).toEqual(['1', '9', '0', '*', '#']);
  });
});
