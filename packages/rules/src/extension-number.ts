// The one rule for an extension's number: what the API accepts, what the console's field asks
// for, and what the starting dialplan dials, so a number that registers can also be called.

export const EXTENSION_MIN_DIGITS = 2;
export const EXTENSION_MAX_DIGITS = 8;

const DIGITS = `[0-9]{${EXTENSION_MIN_DIGITS},${EXTENSION_MAX_DIGITS}}`;

/** JSON-schema pattern of an extension number. */
export const EXTENSION_NUMBER_PATTERN = `^${DIGITS}$`;

/** The same for an HTML input's `pattern`, which the browser anchors itself. */
export const EXTENSION_INPUT_PATTERN = DIGITS;

/** The starting dialplan's condition: a dialed extension number, captured as $1. */
export const EXTENSION_DIAL_EXPRESSION = `^(${DIGITS})$`;

const NUMBER = new RegExp(EXTENSION_NUMBER_PATTERN);

export const isExtensionNumber = (text: string): boolean => NUMBER.test(text);
