// Channel variables as FreeSWITCH keeps them: an ordered list where setting a variable removes
// it and appends it at the end (switch_channel_set_variable: del_header + add at the bottom),
// and setting it to '' or null removes it.
export class Variables {
  private readonly map = new Map<string, string>();

  set(name: string, value: string | number | null | undefined): void {
    this.map.delete(name);
    if (value === null || value === undefined) return;
    const text = String(value);
    if (text.length > 0) this.map.set(name, text);
  }

  get(name: string): string | undefined {
    return this.map.get(name);
  }

  has(name: string): boolean {
    return this.map.has(name);
  }

  delete(name: string): void {
    this.map.delete(name);
  }

  entries(): Array<[string, string]> {
    return [...this.map.entries()];
  }
}
