// Pure: a DID as a person reads it. Brazilian numbers are stored as digits with the country code
// ("551130031234") and shown the way Brazilians write them ("+55 11 3003-1234"); anything else
// (extensions, short codes, other countries, a number without its country code) is shown as stored,
// never guessed at.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export function formatDid(did: string): string {
  const digits = did.replace(/\D/g, '');
  if (!/^\+?\d+$/.test(did.trim()) || !digits.startsWith('55')) return did;
  const phone = parsePhoneNumberFromString(`+${digits}`);
  if (phone?.country !== 'BR' || !phone.isValid()) return did;
  // The national form is "(11) 3003-1234": the area code without parentheses after the country.
  return `+55 ${phone.formatNational().replace(/^\((\d+)\)\s*/, '$1 ')}`;
}
