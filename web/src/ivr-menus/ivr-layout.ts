// Pure: where the editor draws each node. A position the user placed (saved with the menu or
// dragged in this session) always wins; every other node gets a slot of the automatic column
// layout: the entry in the first column, the options stacked in the next one in keypad order.

export interface XY {
  x: number;
  y: number;
}

export interface LayoutInput {
  entry: XY | null;
  options: readonly { digit: string; position: XY | null }[];
}

export interface Layout {
  entry: XY;
  /** Aligned with the input's options. */
  options: XY[];
}

/** Keypad order: how callers read the keys, so "0 for an operator" comes after 9. */
export const DIGIT_ORDER = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#'] as const;

export const COLUMN_X = { entry: 0, options: 340 } as const;
export const ROW_HEIGHT = 110;

const rankOf = (digit: string) => {
  const rank = (DIGIT_ORDER as readonly string[]).indexOf(digit);
  return rank === -1 ? DIGIT_ORDER.length : rank;
};

export const compareDigits = (a: string, b: string) => rankOf(a) - rankOf(b);

export function columnLayout({ entry, options }: LayoutInput): Layout {
  // Slots follow digit order; the sort is stable, so a repeated digit keeps its input order.
  const slotOf = new Map(
    options
      .map((option, index) => ({ digit: option.digit, index }))
      .sort((a, b) => compareDigits(a.digit, b.digit))
      .map((option, slot) => [option.index, slot]),
  );
  // The entry sits level with the middle of the option column.
  const middle = options.length > 1 ? ((options.length - 1) * ROW_HEIGHT) / 2 : 0;
  return {
    entry: entry ?? { x: COLUMN_X.entry, y: middle },
    options: options.map(
      (option, index) =>
        option.position ?? { x: COLUMN_X.options, y: (slotOf.get(index) ?? index) * ROW_HEIGHT },
    ),
  };
}
