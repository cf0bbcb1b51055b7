// Pure: how a call is priced (docs/billing.md "Pricing a call", decision 0092). One module for the
// server's rating and the console's longest-prefix preview. Money never passes through a double:
// prices are decimal strings, amounts integer cents, the arithmetic decimal.js.
import { Decimal } from 'decimal.js';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const DESTINATION_CLASSES = [
  'LOCAL_FIXED',
  'LDN_FIXED',
  'MOBILE_VC1',
  'MOBILE_VC2',
  'MOBILE_VC3',
  'TOLL_FREE',
  'INTERNATIONAL',
] as const;
export type DestinationClass = (typeof DESTINATION_CLASSES)[number];

/** "first/step" in seconds: Brazil's usual 30/6, per second 1/1, per started minute 60/60. */
export interface IncrementRule {
  first: number;
  step: number;
}

const BRAZIL = '55';

/**
 * The Anatel class of a dialed number (E.164) from a trunk whose home area code (DDD) is given:
 * same DDD local, another DDD long-distance; a mobile in another DDD of the same region (its first
 * digit) VC2, of another region VC3. Null when the number is not a valid one.
 */
export function destinationClass(homeAreaCode: string, e164: string): DestinationClass | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) return null;
  if (parsed.countryCallingCode !== BRAZIL) return 'INTERNATIONAL';
  const type = parsed.getType();
  if (type === 'TOLL_FREE') return 'TOLL_FREE';
  const areaCode = parsed.nationalNumber.slice(0, 2);
  const mobile = type === 'MOBILE';
  if (areaCode === homeAreaCode) return mobile ? 'MOBILE_VC1' : 'LOCAL_FIXED';
  if (!mobile) return 'LDN_FIXED';
  return areaCode[0] === homeAreaCode[0] ? 'MOBILE_VC2' : 'MOBILE_VC3';
}

/** The seconds a call of `billable` seconds is charged: the first block whole, then whole steps. */
export function chargedSeconds(billable: number, rule: IncrementRule): number {
  if (billable <= 0) return 0;
  if (billable <= rule.first) return rule.first;
  return rule.first + Math.ceil((billable - rule.first) / rule.step) * rule.step;
}

/** Charged seconds at a price per minute (a decimal string), in cents rounded half up, once. */
export function amountCents(charged: number, pricePerMinute: string, minimumCents = 0): number {
  if (charged <= 0) return 0;
  const cents = new Decimal(pricePerMinute).times(charged).times(100).dividedBy(60).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return Math.max(cents.toNumber(), minimumCents);
}

/** The row whose prefix is the longest start of the number's digits, or null. */
export function longestPrefix<Row extends { prefix: string }>(rows: readonly Row[], e164: string): Row | null {
  const digits = e164.replace(/^\+/, '');
  let best: Row | null = null;
  for (const row of rows) {
    if (digits.startsWith(row.prefix) && (best === null || row.prefix.length > best.prefix.length)) best = row;
  }
  return best;
}
