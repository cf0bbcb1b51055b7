// Splits the inbound byte stream into commands the way mod_event_socket's read_packet does:
// leading blank lines are skipped, a command ends at an empty line ("\n\n", '\r' tolerated),
// its first line is the command, further "Name: value" lines are headers, and a
// Content-Length header is followed by that many bytes of body.
export interface EslCommand {
  command: string;
  headers: Map<string, string>;
  body?: string;
}

export class CommandReader {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): EslCommand[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const out: EslCommand[] = [];
    for (;;) {
      const command = this.next();
      if (!command) break;
      out.push(command);
    }
    return out;
  }

  private next(): EslCommand | undefined {
    let start = 0;
    while (start < this.buffer.length && (this.buffer[start] === 0x0d || this.buffer[start] === 0x0a)) start++;
    if (start > 0) this.buffer = this.buffer.subarray(start);
    let newlines = 0;
    let end = -1;
    for (let i = 0; i < this.buffer.length; i++) {
      const b = this.buffer[i];
      if (b === 0x0a) {
        newlines++;
        if (newlines === 2) {
          end = i + 1;
          break;
        }
      } else if (b !== 0x0d) {
        newlines = 0;
      }
    }
    if (end < 0) return undefined;
    const lines = this.buffer.subarray(0, end).toString('utf8').split(/\r?\n/).filter((line) => line.length > 0);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).replace(/^ +/, ''));
    }
    const length = Number(headers.get('content-length') ?? 0);
    if (length > 0) {
      if (this.buffer.length < end + length) return undefined;
      const body = this.buffer.subarray(end, end + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + length);
      return { command: lines[0] ?? '', headers, body };
    }
    this.buffer = this.buffer.subarray(end);
    return { command: lines[0] ?? '', headers };
  }
}
