// An event as FreeSWITCH builds it: an ordered list of headers (names may repeat, e.g.
// Hangup-Cause twice in CHANNEL_HANGUP_COMPLETE) and an optional body.
export type HeaderValue = string | number | boolean | undefined | null;

export class SwitchEvent {
  readonly headers: Array<[string, string]> = [];
  body: string | undefined;

  constructor(
    readonly name: string,
    readonly subclass?: string,
  ) {}

  /** Appends a header; undefined/null are skipped (FreeSWITCH skips NULL data), '' is kept. */
  add(name: string, value: HeaderValue): this {
    if (value === undefined || value === null) return this;
    this.headers.push([name, typeof value === 'string' ? value : String(value)]);
    return this;
  }

  /** First value of a header, case-insensitive like switch_event_get_header. */
  get(name: string): string | undefined {
    const lower = name.toLowerCase();
    for (const [key, value] of this.headers) if (key.toLowerCase() === lower) return value;
    return undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}
