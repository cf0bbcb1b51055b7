// How the calls pages show a stored number: the national form, an extension or short code as stored.
import { formatPhone } from '@callcenter/rules/phone';

export const phoneOrDash = (value: string | null): string => (value ? formatPhone(value) : '—');
