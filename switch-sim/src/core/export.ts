// switch_channel_process_export (src/switch_channel.c): the variables named in a channel's list
// variable (export_vars for bridge/originate, cc_export_vars for mod_callcenter) go to the new leg,
// with the list itself. Entries are comma-separated and trimmed; a name is looked up as written
// and a "nolocal:" / "_nolocal_" prefix is dropped from the name the new leg gets; unset ones are skipped.
import type { Channel } from './channel.ts';

export function exportedVariables(ch: Channel, listName: string): Array<[string, string]> {
  const list = ch.vars.get(listName);
  if (!list) return [];
  const out: Array<[string, string]> = [[listName, list]];
  for (const raw of list.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const name = entry.replace(/^nolocal:/i, '').replace(/^_nolocal_/i, '');
    // The simulator keeps `export nolocal:x=y` values apart from the channel's own variables.
    const value = ch.vars.get(entry) ?? ch.exportOnly.get(name) ?? (entry === name ? undefined : ch.vars.get(name));
    if (value === undefined) continue;
    const at = out.findIndex(([n]) => n === name);
    if (at >= 0) out.splice(at, 1);
    out.push([name, value]);
  }
  return out;
}
