// Test-only helpers to read the event-socket wire: outer message framing (Content-Length across
// any TCP chunking), and event bodies in plain / json / xml as ordered header lists (duplicates
// kept, values decoded) — used both for the simulator's output and the fixture captures.
export interface WireMessage {
  headers: Array<[string, string]>;
  body: string;
  raw: Buffer;
}

export function header(message: { headers: Array<[string, string]> }, name: string): string | undefined {
  return message.headers.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}

export class WireParser {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): WireMessage[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const out: WireMessage[] = [];
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) break;
      const head = this.buffer.subarray(0, end).toString('utf8');
      const headers = head.split('\n').map((line): [string, string] => {
        const i = line.indexOf(': ');
        return i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 2)];
      });
      const length = Number(headers.find(([k]) => k === 'Content-Length')?.[1] ?? 0);
      if (this.buffer.length < end + 2 + length) break;
      const raw = this.buffer.subarray(0, end + 2 + length);
      const body = this.buffer.subarray(end + 2, end + 2 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 2 + length);
      out.push({ headers, body, raw: Buffer.from(raw) });
    }
    return out;
  }
}

/** A JSON object's members in document order, duplicates kept (JSON.parse would merge them). */
export function jsonPairs(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let i = text.indexOf('{') + 1;
  const skip = (): void => {
    while (/[\s,]/.test(text[i] ?? '')) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  for (;;) {
    skip();
    if (text[i] === '}' || i >= text.length) break;
    const key = readString();
    skip();
    i++; // ':'
    skip();
    if (text[i] === '"') {
      out.push([key, readString()]);
    } else {
      // numbers, or arrays for multi-valued headers (cJSON arrays): keep their JSON text
      const start = i;
      let depth = 0;
      while (i < text.length) {
        const c = text[i]!;
        if (c === '"') {
          readString();
          continue;
        }
        if (c === '[' || c === '{') depth++;
        else if (c === ']' || c === '}') {
          if (depth === 0) break;
          depth--;
        } else if (c === ',' && depth === 0) break;
        i++;
      }
      out.push([key, text.slice(start, i).trim()]);
    }
  }
  return out;
}

export interface ParsedEvent {
  format: 'plain' | 'json' | 'xml';
  headers: Array<[string, string]>;
  body: string | undefined;
}

function decodeUrl(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function parseEvent(message: WireMessage): ParsedEvent | undefined {
  const type = header(message, 'Content-Type');
  if (type === 'text/event-plain') {
    const split = message.body.indexOf('\n\n');
    const head = split < 0 ? message.body : message.body.slice(0, split);
    const headers = head
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line): [string, string] => {
        const i = line.indexOf(': ');
        return [line.slice(0, i), decodeUrl(line.slice(i + 2))];
      });
    const hasBody = headers.some(([k]) => k === 'Content-Length');
    return { format: 'plain', headers: headers.filter(([k]) => k !== 'Content-Length'), body: hasBody ? message.body.slice(split + 2) : undefined };
  }
  if (type === 'text/event-json') {
    const pairs = jsonPairs(message.body);
    const body = pairs.find(([k]) => k === '_body')?.[1];
    return { format: 'json', headers: pairs.filter(([k]) => k !== '_body' && k !== 'Content-Length'), body };
  }
  if (type === 'text/event-xml') {
    const headers: Array<[string, string]> = [];
    const block = /<headers>([\s\S]*)<\/headers>/.exec(message.body)?.[1] ?? '';
    for (const m of block.matchAll(/<([^>/\s]+)>([^<]*)<\/\1>/g)) headers.push([m[1]!, decodeUrl(m[2]!)]);
    const body = /<body>([\s\S]*)<\/body>/.exec(message.body)?.[1];
    return { format: 'xml', headers, body };
  }
  return undefined;
}
