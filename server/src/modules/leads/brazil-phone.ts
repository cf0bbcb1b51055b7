// Pure: a phone number as Brazilians write it → E.164, or why it is refused. Leads and suppression
// entries both go through here, so a suppressed number always matches the lead it blocks.
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';
import type { RejectReason } from '../../platform/db/schema.ts';

export type PhoneReject = Exclude<RejectReason, 'DUPLICATE'>;
export type BrazilPhone = { ok: true; e164: string; kind: 'MOBILE' | 'LANDLINE' } | { ok: false; reason: PhoneReject };

/** Longest text looked at: anything longer is not a phone number (and is not parsed). */
const MAX_INPUT_LENGTH = 40;
/** What people put between digits: spaces, dots, dashes, slashes, parentheses, a leading +. */
const WRITTEN_FORM = /^\+?[\d\s().\-/]+$/;

/**
 * libphonenumber-js with Brazil's full metadata does the work: the national prefix 0 with or
 * without a carrier code (0 21 11 9…), +55 / 55 / 0055, mobile (9 + 8 digits) and landline (8
 * digits) by area code. Letters are refused before parsing, because the library would read them
 * as a keypad's digits.
 */
export function normalizeBrazilianPhone(raw: string): BrazilPhone {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: 'EMPTY' };
  if (text.length > MAX_INPUT_LENGTH) return { ok: false, reason: 'TOO_LONG' };
  if (/\p{L}/u.test(text)) return { ok: false, reason: 'LETTERS' };
  if (!WRITTEN_FORM.test(text)) return { ok: false, reason: 'INVALID' };
  const withoutTrunkZeros = text.replace(/^\+?00(?=55)/, '+');
  const parsed = parsePhoneNumberFromString(withoutTrunkZeros, 'BR');
  if (parsed && parsed.country !== undefined && parsed.country !== 'BR') return { ok: false, reason: 'FOREIGN' };
  if (parsed && parsed.countryCallingCode !== '55') return { ok: false, reason: 'FOREIGN' };
  if (parsed?.isValid()) {
    const type = parsed.getType();
    if (type === 'MOBILE') return { ok: true, e164: parsed.number, kind: 'MOBILE' };
    if (type === 'FIXED_LINE' || type === 'FIXED_LINE_OR_MOBILE') return { ok: true, e164: parsed.number, kind: 'LANDLINE' };
    // 0800, 0300, 0900, 4004 service numbers: not a person a campaign calls (and 0900 costs money).
    return { ok: false, reason: 'INVALID' };
  }
  const length = validatePhoneNumberLength(withoutTrunkZeros, 'BR');
  if (length === 'TOO_SHORT' || length === 'NOT_A_NUMBER') return { ok: false, reason: 'TOO_SHORT' };
  if (length === 'TOO_LONG') return { ok: false, reason: 'TOO_LONG' };
  if (length === 'INVALID_COUNTRY') return { ok: false, reason: 'FOREIGN' };
  return { ok: false, reason: 'INVALID' };
}
