// ${var} expansion the way switch_channel_expand_variables does the common cases:
// ${name} → channel variable (or global), $${name} → global; unknown → ''.
import type { Channel } from './channel.ts';

export function expandVars(text: string, ch: Channel | undefined, globals: Map<string, string>): string {
  if (!text.includes('$')) return text;
  return text
    .replace(/\$\$\{([^}]+)\}/g, (_whole, name: string) => globals.get(name) ?? '')
    .replace(/\$\{([^}]+)\}/g, (_whole, name: string) => ch?.vars.get(name) ?? channelField(ch, name) ?? globals.get(name) ?? '');
}

/** Caller-profile fields usable as ${...} and as dialplan condition fields. */
export function channelField(ch: Channel | undefined, name: string): string | undefined {
  const p = ch?.profile;
  if (!ch || !p) return undefined;
  switch (name) {
    case 'destination_number':
      return p.destinationNumber;
    case 'caller_id_number':
      return p.callerIdNumber;
    case 'caller_id_name':
      return p.callerIdName;
    case 'ani':
      return p.ani;
    case 'network_addr':
      return p.networkAddr;
    case 'context':
      return p.context;
    case 'dialplan':
      return p.dialplan;
    case 'username':
      return p.username;
    case 'rdnis':
      return p.rdnis;
    case 'source':
      return p.source;
    case 'chan_name':
      return ch.name;
    case 'uuid':
      return ch.uuid;
    default:
      return undefined;
  }
}
