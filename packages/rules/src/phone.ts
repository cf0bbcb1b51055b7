// Pure: phone numbers as people write them, one rule for the console and the server. Every number
// field (DID, caller ID, leads, suppression, call filters) stores E.164 and shows the national
// form; Brazil is the home country, so a number without a country code is Brazilian. Decision 0063.
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';

export type PhoneProblem = 'EMPTY' | 'TOO_LONG' | 'LETTERS' | 'INVALID';
export type ParsedPhone = { ok: true; e164: string } | { ok: false; reason: PhoneProblem };
/** Why a lead's or a suppression entry's number is refused: the import's rejected-row reasons. */
export type LeadPhoneProblem = PhoneProblem | 'FOREIGN' | 'TOO_SHORT';
export type LeadPhone =
  | { ok: true; e164: string; kind: 'MOBILE' | 'LANDLINE' }
  | { ok: false; reason: LeadPhoneProblem };

/** Longest text looked at: anything longer is not a phone number (and is not parsed). */
const MAX_INPUT_LENGTH = 40;
/** What people put between digits: spaces, dots, dashes, slashes, parentheses, a leading +. */
const WRITTEN_FORM = /^\+?[\d\s().\-/]+$/;
const HOME_COUNTRY = 'BR';
const HOME_CODE = '55';

/**
 * A written number → E.164, or why not. Accepts `(11) 3000-2000`, `+55 11 3000-2000`,
 * `551130002000`, `0055…`, `011 3000-2000` (trunk prefix) and foreign numbers written with `+`.
 * Short codes (190, 192), `000` and numbers of impossible length are refused: libphonenumber's
 * full metadata decides (letters are refused first: the library would read them as keypad digits).
 */
export function parsePhone(raw: string): ParsedPhone {
  const text = raw.trim();
  const problem = writtenFormProblem(text);
  if (problem) return { ok: false, reason: problem };
  const parsed = parsePhoneNumberFromString(text.replace(/^\+?00(?=[1-9])/, '+'), HOME_COUNTRY);
  if (!parsed?.isValid()) return { ok: false, reason: 'INVALID' };
  return { ok: true, e164: parsed.number };
}

/** What is wrong with a number's written form before any parsing, or null. */
function writtenFormProblem(text: string): PhoneProblem | null {
  if (text === '') return 'EMPTY';
  if (text.length > MAX_INPUT_LENGTH) return 'TOO_LONG';
  if (/\p{L}/u.test(text)) return 'LETTERS';
  if (!WRITTEN_FORM.test(text)) return 'INVALID';
  return null;
}

/**
 * A lead's (or a suppression entry's) number → E.164 and whether it is a mobile, or why it is
 * refused. Stricter than parsePhone: a campaign calls people in Brazil, so foreign numbers are
 * refused (FOREIGN), and so are service numbers (0800, 0300, 4004). The national prefix 0 with or
 * without a carrier code (0 21 11 9…), +55 / 55 / 0055, mobile (9 + 8 digits) and landline (8
 * digits) by area code all come from libphonenumber's full metadata. Leads, suppression, the import
 * and the dialer all go through here, so a suppressed number always matches the lead it blocks.
 */
export function parseLeadPhone(raw: string): LeadPhone {
  const text = raw.trim();
  const problem = writtenFormProblem(text);
  if (problem) return { ok: false, reason: problem };
  const withoutTrunkZeros = text.replace(/^\+?00(?=55)/, '+');
  const parsed = parsePhoneNumberFromString(withoutTrunkZeros, HOME_COUNTRY);
  if (parsed && parsed.country !== undefined && parsed.country !== HOME_COUNTRY) return { ok: false, reason: 'FOREIGN' };
  if (parsed && parsed.countryCallingCode !== HOME_CODE) return { ok: false, reason: 'FOREIGN' };
  if (parsed?.isValid()) {
    const type = parsed.getType();
    if (type === 'MOBILE') return { ok: true, e164: parsed.number, kind: 'MOBILE' };
    if (type === 'FIXED_LINE' || type === 'FIXED_LINE_OR_MOBILE') return { ok: true, e164: parsed.number, kind: 'LANDLINE' };
    // 0800, 0300, 0900, 4004 service numbers: not a person a campaign calls (and 0900 costs money).
    return { ok: false, reason: 'INVALID' };
  }
  const length = validatePhoneNumberLength(withoutTrunkZeros, HOME_COUNTRY);
  if (length === 'TOO_SHORT' || length === 'NOT_A_NUMBER') return { ok: false, reason: 'TOO_SHORT' };
  if (length === 'TOO_LONG') return { ok: false, reason: 'TOO_LONG' };
  if (length === 'INVALID_COUNTRY') return { ok: false, reason: 'FOREIGN' };
  return { ok: false, reason: 'INVALID' };
}

/** The E.164 form of a written number, or null. */
export function toE164(raw: string): string | null {
  const parsed = parsePhone(raw);
  return parsed.ok ? parsed.e164 : null;
}

/**
 * How a stored number is shown: Brazilian numbers in the national form `(11) 98765-4321`, foreign
 * ones in the international form, anything that is not a valid number (an extension, a short code)
 * as stored, never guessed at.
 */
export function formatPhone(stored: string): string {
  const text = stored.trim();
  if (!/^\+?\d+$/.test(text)) return stored;
  const phone = parsePhoneNumberFromString(text.startsWith('+') ? text : `+${text}`);
  if (!phone?.isValid()) return stored;
  return phone.country === HOME_COUNTRY ? phone.formatNational() : phone.formatInternational();
}

/**
 * What a carrier may put in destination_number for a DID, as a regular expression for the switch's
 * public dialplan: E.164 with or without '+', and for Brazilian numbers also the national number
 * with or without the trunk prefix 0 (carriers differ; all of them reach the same route).
 */
export function didExpression(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) throw new Error('didExpression: not an E.164 number');
  if (digits.startsWith(HOME_CODE)) return `^(?:\\+?${HOME_CODE}|0)?${digits.slice(HOME_CODE.length)}$`;
  return `^\\+?${digits}$`;
}

/** The E.164 number a carrier meant by a destination_number in any of the forms didExpression matches. */
export function didFromDestination(destination: string): string | null {
  const digits = destination.trim().replace(/^\+/, '');
  if (!/^\d{3,20}$/.test(digits)) return null;
  return toE164(destination.trim().startsWith('+') ? destination : digits);
}

/** Largest range a platform user may assign in one request. */
export const MAX_NUMBER_RANGE = 1000;

export type NumberRange =
  | { ok: true; numbers: string[] }
  | { ok: false; reason: 'INVALID_FROM' | 'INVALID_TO' | 'NOT_A_RANGE' | 'TOO_LARGE' };

/**
 * A block of consecutive numbers (carriers sell DIDs in blocks): both ends written in any form,
 * same length and prefix, `from` ≤ `to`, at most MAX_NUMBER_RANGE numbers, each one valid.
 */
export function expandRange(from: string, to: string): NumberRange {
  const first = toE164(from);
  if (!first) return { ok: false, reason: 'INVALID_FROM' };
  const last = toE164(to);
  if (!last) return { ok: false, reason: 'INVALID_TO' };
  if (first.length !== last.length) return { ok: false, reason: 'NOT_A_RANGE' };
  const start = BigInt(first.slice(1));
  const end = BigInt(last.slice(1));
  if (end < start) return { ok: false, reason: 'NOT_A_RANGE' };
  if (end - start + 1n > BigInt(MAX_NUMBER_RANGE)) return { ok: false, reason: 'TOO_LARGE' };
  const numbers: string[] = [];
  for (let n = start; n <= end; n += 1n) {
    const e164 = toE164(`+${n.toString()}`);
    if (!e164) return { ok: false, reason: 'NOT_A_RANGE' };
    numbers.push(e164);
  }
  return { ok: true, numbers };
}
