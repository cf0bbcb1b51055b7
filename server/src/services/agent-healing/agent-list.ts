// Pure reader of `callcenter_config agent list [name]`: mod_callcenter's list_result_callback writes
// the column names joined by '|' (first row only), then every row of `SELECT * FROM agents` the
// same way, then "+OK". An empty table is "+OK" alone.
import { parseSwitchState, parseSwitchStatus, type SwitchAgentState, type SwitchAgentStatus } from '../event-consumer/agent-mapping.ts';

export interface SwitchAgentRow {
  name: string;
  contact: string;
  status: SwitchAgentStatus | null;
  state: SwitchAgentState | null;
  wrapUpTime: number;
  lastBridgeEnd: number;
  externalCallsCount: number;
  /** Every column as the switch wrote it. */
  raw: Record<string, string>;
}

const int = (value: string | undefined) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : 0;
};

export interface SwitchTierRow {
  queue: string;
  agent: string;
  state: string;
  level: number;
  position: number;
}

/** `callcenter_config tier list`: `queue|agent|state|level|position`, the same framing. */
export function parseTierList(text: string): SwitchTierRow[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const headerIndex = lines.findIndex((line) => line.startsWith('queue|'));
  if (headerIndex === -1) return [];
  const columns = lines[headerIndex]!.split('|');
  const rows: SwitchTierRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line === '' || line.startsWith('+OK') || line.startsWith('-ERR')) continue;
    const cells = line.split('|');
    if (cells.length !== columns.length) continue;
    const raw = Object.fromEntries(columns.map((column, i) => [column, cells[i]!]));
    rows.push({ queue: raw.queue ?? '', agent: raw.agent ?? '', state: raw.state ?? '', level: int(raw.level), position: int(raw.position) });
  }
  return rows;
}

export function parseAgentList(text: string): SwitchAgentRow[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const headerIndex = lines.findIndex((line) => line.startsWith('name|'));
  if (headerIndex === -1) return [];
  const columns = lines[headerIndex]!.split('|');
  const contactAt = columns.indexOf('contact');
  const rows: SwitchAgentRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line === '' || line.startsWith('+OK') || line.startsWith('-ERR')) continue;
    let cells = line.split('|');
    // A contact may itself hold '|' (a dial string's failover): the surplus cells are its own.
    if (cells.length > columns.length && contactAt >= 0) {
      const extra = cells.length - columns.length;
      cells = [...cells.slice(0, contactAt), cells.slice(contactAt, contactAt + extra + 1).join('|'), ...cells.slice(contactAt + extra + 1)];
    }
    if (cells.length !== columns.length) continue;
    const raw = Object.fromEntries(columns.map((column, i) => [column, cells[i]!]));
    rows.push({
      name: raw.name ?? '',
      contact: raw.contact ?? '',
      status: parseSwitchStatus(raw.status),
      state: parseSwitchState(raw.state),
      wrapUpTime: int(raw.wrap_up_time),
      lastBridgeEnd: int(raw.last_bridge_end),
      externalCallsCount: int(raw.external_calls_count),
      raw,
    });
  }
  return rows;
}
