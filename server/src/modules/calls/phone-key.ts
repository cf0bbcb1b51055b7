// One comparison key per phone number, whatever form it was written in, so a number typed in the
// calls filter matches the caller or called number as the switch wrote it. The database computes
// the same key for stored numbers (app_phone_key, migration 20261126050001; phone-key.int.test.ts
// checks both agree). Decision 0032.
//
// Rules, on the digits only (every other character dropped):
//   1. a leading 00 (international call prefix) is dropped;
//   2. 12 or 13 digits starting with 55 (Brazil's country code) → the 10 or 11 national digits;
//   3. 11 or 12 digits starting with 0 (national trunk prefix) → without the 0;
//   4. 13 or 14 digits starting with 0 (trunk prefix + two-digit carrier code) → without those 3;
//   5. anything else as it is (extensions, other countries' numbers, numbers without area code).
// So +55 11 98765-4321, (11) 98765-4321, 011987654321, 0 21 11 98765-4321 and 5511987654321 are
// all 11987654321. A number written without its area code (98765-4321) only matches numbers
// written without one.

/** The key of a number, or null when it has no digit. */
export function phoneKey(written: string): string | null {
  let digits = written.replace(/[^0-9]/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits === '') return null;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return digits.slice(2);
  if (digits.startsWith('0') && (digits.length === 11 || digits.length === 12)) return digits.slice(1);
  if (digits.startsWith('0') && (digits.length === 13 || digits.length === 14)) return digits.slice(3);
  return digits;
}
