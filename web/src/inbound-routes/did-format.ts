// Pure: a phone number as a person reads it, the one rule of @callcenter/rules/phone: Brazilian
// numbers in the national form "(11) 3003-1234", foreign ones internationally, anything else
// (extensions, short codes) as stored.
export { formatPhone as formatDid } from '@callcenter/rules/phone';
