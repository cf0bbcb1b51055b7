// What one listener receives: the `event`/`nixevent`/`noevents` lists and `filter` rules,
// following mod_event_socket.c (parse_command and event_handler).
import type { SwitchEvent } from '../events/event.ts';
import { EVENT_NAMES, nameEvent } from '../events/names.ts';
import type { EventFormat } from './serialize.ts';

export class Subscription {
  format: EventFormat = 'plain';
  enabled = false;
  private readonly events = new Set<string>();
  private readonly custom = new Set<string>();
  private filters: Array<[string, string]> = [];

  /** `event [plain|json|xml] NAME... [CUSTOM subclass...]` → reply text. */
  subscribe(tokens: string[]): string {
    let keyCount = 0;
    let custom = false;
    tokens.forEach((token, index) => {
      if (index === 0) {
        const lower = token.toLowerCase();
        if (lower === 'plain' || lower === 'json' || lower === 'xml') {
          this.format = lower;
          return;
        }
      }
      if (custom) {
        this.custom.add(token);
        return;
      }
      const name = nameEvent(token);
      if (!name) return;
      keyCount++;
      if (name === 'ALL') {
        for (const each of EVENT_NAMES) this.events.add(each);
      }
      this.events.add(name);
      if (name === 'CUSTOM') custom = true;
    });
    if (keyCount === 0) return '-ERR no keywords supplied';
    this.enabled = true;
    return `+OK event listener enabled ${this.format}`;
  }

  /** `nixevent NAME... [CUSTOM subclass...]`. */
  nix(tokens: string[]): string {
    let keyCount = 0;
    let custom = false;
    for (const token of tokens) {
      if (custom) {
        this.custom.delete(token);
        continue;
      }
      const name = nameEvent(token);
      if (!name) continue;
      keyCount++;
      if (name === 'CUSTOM') {
        custom = true;
      } else if (name === 'ALL') {
        this.events.clear();
      } else {
        if (this.events.has('ALL')) {
          this.events.delete('ALL');
          for (const each of EVENT_NAMES) if (each !== 'ALL') this.events.add(each);
        }
        this.events.delete(name);
      }
    }
    if (keyCount === 0) return '-ERR no keywords supplied';
    this.enabled = true;
    return '+OK events nixed';
  }

  /** `noevents`. */
  clear(): string {
    if (!this.enabled) return '-ERR not listening for events';
    this.enabled = false;
    this.events.clear();
    this.custom.clear();
    return '+OK no longer listening for events';
  }

  /** `filter <header> <value>`, `filter delete <header> [value]`, `filter delete all`. */
  filter(rest: string): string {
    let header = rest.replace(/^ +/, '');
    let value: string | undefined;
    const space = header.indexOf(' ');
    if (space >= 0) {
      value = header.slice(space + 1);
      header = header.slice(0, space);
    }
    if (header.toLowerCase() === 'delete' && value !== undefined) {
      let name = value;
      let val: string | undefined;
      const sp = name.indexOf(' ');
      if (sp >= 0) {
        val = name.slice(sp + 1);
        name = name.slice(0, sp);
      }
      if (name.toLowerCase() === 'all') {
        this.filters = [];
      } else {
        this.filters = this.filters.filter(([h, v]) => !(h.toLowerCase() === name.toLowerCase() && (val === undefined || v === val)));
      }
      return `+OK filter deleted. [${name}][${val ?? ''}]`;
    }
    if (value !== undefined) {
      if (header.toLowerCase() === 'add') {
        const sp = value.indexOf(' ');
        if (sp >= 0) {
          header = value.slice(0, sp);
          value = value.slice(sp + 1);
        } else {
          header = value;
          value = undefined;
        }
      }
      if (value !== undefined) this.filters.push([header, value]);
      return `+OK filter added. [${header}]=[${value ?? '(null)'}]`;
    }
    return '-ERR invalid syntax';
  }

  /** event_handler: subscription check, then filters. */
  wants(event: SwitchEvent): boolean {
    if (!this.enabled) return false;
    let send = false;
    if (this.events.has('ALL')) {
      send = true;
    } else if (this.events.has(event.name)) {
      send = event.name !== 'CUSTOM' || event.subclass === undefined || this.custom.has(event.subclass);
    }
    if (!send || this.filters.length === 0) return send;
    send = false;
    for (const [header, raw] of this.filters) {
      const actual = event.get(header);
      if (actual === undefined) continue;
      let pos = true;
      let i = 0;
      while (i < raw.length && (raw[i] === '+' || raw[i] === '-' || raw[i] === ' ')) {
        if (raw[i] === '+') pos = true;
        else if (raw[i] === '-') pos = false;
        i++;
      }
      if (send && pos) continue;
      const compareTo = raw.slice(i);
      const matched = raw.startsWith('/') ? regexMatch(actual, raw) : actual.toLowerCase() === compareTo.toLowerCase();
      if (matched) {
        if (pos) {
          send = true;
        } else {
          send = false;
          break;
        }
      }
    }
    return send;
  }
}

/** switch_regex with the /expression/flags form. */
function regexMatch(value: string, expression: string): boolean {
  const end = expression.lastIndexOf('/');
  if (end <= 0) return false;
  const flags = expression.slice(end + 1);
  try {
    return new RegExp(expression.slice(1, end), (flags.includes('i') ? 'i' : '') + (flags.includes('s') ? 's' : '')).test(value);
  } catch {
    return false;
  }
}
