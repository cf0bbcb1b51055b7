// mod_commands' small string and directory commands that dialplans call inline as ${name(args)}.
import type { SwitchConfig } from '../config/types.ts';

/** switch_url_encode: anything outside printable ASCII or in SWITCH_URL_UNSAFE becomes %XX. */
const URL_UNSAFE = new Set('\r\n #%&+:;<=>?@[\\]^`{|}"');

export function urlEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    // An existing %XX escape is kept rather than encoded twice.
    if (char === '%' && /^[0-9A-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      out += char;
      continue;
    }
    for (const byte of Buffer.from(char, 'utf8')) {
      const safe = byte >= 0x20 && byte <= 0x7e && !URL_UNSAFE.has(String.fromCharCode(byte));
      out += safe ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/** switch_url_decode: every %XX becomes its byte. */
export function urlDecode(text: string): string {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '%' && i + 2 < text.length && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * `user_data <user>@<domain> [var|param|attr] <name>` (user_data_function): the user's merged
 * directory entry; names compare case-insensitively and the last definition wins. Nothing is
 * written when the user or the name is unknown.
 */
export function userData(config: SwitchConfig, argument: string): string {
  const [who = '', type, key] = argument.split(' ').filter((part) => part !== '');
  if (!type || !key) return '';
  const at = who.indexOf('@');
  const id = at >= 0 ? who.slice(0, at) : who;
  const domain = at >= 0 ? who.slice(at + 1) : '';
  const user =
    config.users.get(`${id}@${domain}`) ?? [...config.users.values()].find((candidate) => candidate.domain === domain && candidate.numberAlias === id);
  if (!user) return '';
  if (type === 'attr') return key === 'id' ? user.id : key === 'number-alias' ? (user.numberAlias ?? '') : '';
  const entries = type === 'var' ? user.variables : Object.entries(user.params);
  let result = '';
  for (const [name, value] of entries) if (name.toLowerCase() === key.toLowerCase()) result = value;
  return result;
}
