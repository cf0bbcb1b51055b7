// Pure parsing of FreeSWITCH's event-socket stream: messages framed by headers, a blank line and,
// when Content-Length is present, exactly that many body bytes. Fed arbitrary TCP chunks.

export interface EslMessage {
  headers: Record<string, string>;
  body: string;
}

export interface SwitchEvent {
  name: string;
  /** Event-Subclass of CUSTOM events, e.g. `sofia::register`. */
  subclass: string | undefined;
  /** Every header with its decoded value (plain events are URL-decoded). */
  headers: Record<string, string>;
  /** The event's own body, if any (e.g. a BACKGROUND_JOB result). */
  body: string;
}

const HEADER_END = Buffer.from('\n\n');

export class EslParser {
  private buffer: Buffer = Buffer.alloc(0);

  /** Returns every complete message in what has arrived so far; keeps the rest for the next chunk. */
  push(chunk: Buffer): EslMessage[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const messages: EslMessage[] = [];
    for (;;) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) break;
      const headers = parseHeaderBlock(this.buffer.subarray(0, end).toString('utf8'), false);
      const length = Number(headers['Content-Length'] ?? 0);
      const bodyStart = end + HEADER_END.length;
      if (this.buffer.length < bodyStart + length) break;
      const body = this.buffer.subarray(bodyStart, bodyStart + length).toString('utf8');
      this.buffer = this.buffer.subarray(bodyStart + length);
      messages.push({ headers, body });
    }
    return messages;
  }
}

function parseHeaderBlock(block: string, decode: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    const value = line.slice(colon + 2);
    headers[line.slice(0, colon)] = decode ? safeDecode(value) : value;
  }
  return headers;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An event message (text/event-plain or text/event-json) to a SwitchEvent; null for anything else. */
export function toSwitchEvent(message: EslMessage): SwitchEvent | null {
  const type = message.headers['Content-Type'];
  if (type === 'text/event-json') {
    const { _body, ...fields } = JSON.parse(message.body) as Record<string, string>;
    return build(fields, _body ?? '');
  }
  if (type === 'text/event-plain') {
    const end = message.body.indexOf('\n\n');
    const block = end < 0 ? message.body : message.body.slice(0, end);
    const fields = parseHeaderBlock(block, true);
    const length = Number(fields['Content-Length'] ?? 0);
    const body = end < 0 || length === 0 ? '' : message.body.slice(end + 2, end + 2 + length);
    return build(fields, body);
  }
  return null;
}

function build(headers: Record<string, string>, body: string): SwitchEvent | null {
  const name = headers['Event-Name'];
  if (!name) return null;
  return { name, subclass: headers['Event-Subclass'], headers: withoutNul(headers), body };
}

/**
 * A caller can put %00 in its caller id name (and any SIP header that becomes a variable); the
 * decoded NUL would make PostgreSQL refuse the call's row, losing the call. It carries no meaning
 * in a header, so it is dropped on arrival, once for every handler.
 */
function withoutNul(headers: Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value === 'string' && value.includes('\u0000')) headers[key] = value.replaceAll('\u0000', '');
  }
  return headers;
}
