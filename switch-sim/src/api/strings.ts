// mod_commands' small string and directory commands that dialplans call inline as ${name(args)}.
import type { SwitchConfig } from '../config/types.ts';

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
