// How long a chosen password may be: pure, so the console checks it with the same numbers.
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
