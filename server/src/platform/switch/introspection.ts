// Pure readers of the switch's introspection replies (FreeSWITCH 1.10 formats).

export interface SofiaStatusRow {
  name: string;
  type: string;
  data: string;
  state: string;
}

/** `sofia status`: a tab-separated table between two rules of '=' characters. */
export function parseSofiaStatus(text: string): SofiaStatusRow[] {
  const rows: SofiaStatusRow[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('\t').map((cell) => cell.trim());
    if (cells.length < 4 || cells[0] === 'Name') continue;
    const [name, type, data, state] = cells as [string, string, string, string];
    if (['profile', 'gateway', 'alias'].includes(type)) rows.push({ name, type, data, state });
  }
  return rows;
}

/** `show channels as json` / `show registrations as json`: `{"row_count": 0}` has no rows key. */
export function parseShowJson(text: string): Record<string, string>[] {
  const parsed = JSON.parse(text) as { row_count?: number; rows?: Record<string, string>[] };
  return parsed.rows ?? [];
}

export interface SwitchStatus {
  uptime: string | null;
  version: string | null;
  ready: boolean;
  sessionsSinceStartup: number | null;
}

/** `status`: uptime line, a "(Version …) is ready" line, then counters. */
export function parseStatus(text: string): SwitchStatus {
  const uptime = /^UP (.+)$/m.exec(text)?.[1]?.trim() ?? null;
  const version = /\(Version ([^)]+)\)/.exec(text)?.[1]?.trim() ?? null;
  const sessions = /^(\d+) session\(s\) since startup/m.exec(text)?.[1];
  return { uptime, version, ready: /is ready/.test(text), sessionsSinceStartup: sessions ? Number(sessions) : null };
}

export interface Registration {
  user: string;
  realm: string;
  contact: string;
  expires: number;
  networkIp: string;
}

export function toRegistrations(rows: Record<string, string>[]): Registration[] {
  return rows.map((row) => ({
    user: row.reg_user ?? '',
    realm: row.realm ?? '',
    contact: row.url ?? '',
    expires: Number(row.expires ?? 0),
    networkIp: row.network_ip ?? '',
  }));
}
