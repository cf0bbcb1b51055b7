// The FreeSWITCH 1.10.12 captures the repository carries (fixtures/freeswitch-1.10.12) and the
// comparison helpers the fidelity tests use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { header, parseEvent, WireParser, type ParsedEvent, type WireMessage } from './esl-wire.ts';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/freeswitch-1.10.12/', import.meta.url));

export function fixtureBytes(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

export function fixtureMessages(name: string): WireMessage[] {
  return new WireParser().push(fixtureBytes(name));
}

export function fixtureEvents(name: string): ParsedEvent[] {
  return fixtureMessages(name)
    .map(parseEvent)
    .filter((e): e is ParsedEvent => e !== undefined);
}

export function get(e: ParsedEvent, name: string): string | undefined {
  return e.headers.find(([k]) => k === name)?.[1];
}

/** (Event-Name, Event-Subclass, CC-Action) — the identity compared between streams. */
export function key(e: ParsedEvent): string {
  return [get(e, 'Event-Name'), get(e, 'Event-Subclass'), get(e, 'CC-Action')].filter((v) => v !== undefined).join('/');
}

/** Replaces unique ids by the role of the channel (its name without the call-specific part). */
export function role(e: ParsedEvent): string | undefined {
  const name = get(e, 'Channel-Name');
  if (!name) return undefined;
  // A SIP leg's name carries the phone's contact (user-<random>@ip:port): keep the user only.
  return name.replace(/^(sofia\/[^/]+\/[^-@]+)-[^@]*@.*$/, '$1').replace(/^(sofia\/[^/]+\/[^@]+)@.*$/, '$1');
}

/** Per-channel event sequences, keyed by role. */
export function perChannel(events: ParsedEvent[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of events) {
    const r = role(e);
    if (!r) continue;
    const list = out.get(r) ?? [];
    list.push(key(e) + (get(e, 'Event-Name') === 'CHANNEL_STATE' ? `:${get(e, 'Channel-State')}` : ''));
    out.set(r, list);
  }
  return out;
}

export function isMessage(m: WireMessage, type: string): boolean {
  return header(m, 'Content-Type') === type;
}

/** Header names of an event with variables left out (they are compared separately). */
export function fixedNames(e: ParsedEvent): string[] {
  return e.headers.map(([k]) => k).filter((k) => !k.startsWith('variable_'));
}

export function variableNames(e: ParsedEvent): string[] {
  return e.headers.map(([k]) => k).filter((k) => k.startsWith('variable_'));
}

/** `subset` appears in `list` in the same relative order. */
export function inOrder(subset: string[], list: string[]): boolean {
  let i = 0;
  for (const item of list) if (item === subset[i]) i++;
  return i === subset.length;
}
