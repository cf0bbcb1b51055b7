// `show channels|calls|registrations [count] [as json|xml|delim]`: the core database views
// (channels, basic_calls, registrations) in mod_commands' formats — text "col,col\n...\n\nN total.\n",
// JSON {"row_count":N,"rows":[...]} or exactly {"row_count": 0}\n when empty.
import { formatLocal } from '../events/dates.ts';
import type { Channel } from '../core/channel.ts';
import type { SwitchCore } from '../core/core.ts';

type Row = Array<[string, string]>;

export function channelRow(core: SwitchCore, ch: Channel): Row {
  const p = ch.profile;
  const c = ch.columns;
  const created = Math.floor(ch.createdMicros / 1000);
  return [
    ['uuid', ch.uuid],
    ['direction', ch.direction],
    ['created', formatLocal(created)],
    ['created_epoch', String(Math.floor(created / 1000))],
    ['name', ch.name],
    ['state', ch.running],
    ['cid_name', p?.callerIdName ?? ''],
    ['cid_num', p?.callerIdNumber ?? ''],
    ['ip_addr', p?.networkAddr ?? ''],
    ['dest', p?.destinationNumber ?? ''],
    ['application', c.application],
    ['application_data', c.applicationData],
    ['dialplan', p?.dialplan ?? ''],
    ['context', p?.context ?? ''],
    ['read_codec', ch.readCodec?.name ?? ''],
    ['read_rate', ch.readCodec ? String(ch.readCodec.rate) : ''],
    ['read_bit_rate', ch.readCodec ? String(ch.readCodec.bitRate) : ''],
    ['write_codec', ch.writeCodec?.name ?? ''],
    ['write_rate', ch.writeCodec ? String(ch.writeCodec.rate) : ''],
    ['write_bit_rate', ch.writeCodec ? String(ch.writeCodec.bitRate) : ''],
    ['secure', ''],
    ['hostname', core.identity.hostname],
    ['presence_id', ch.vars.get('presence_id') ?? ''],
    ['presence_data', ch.vars.get('presence_data') ?? ''],
    ['accountcode', ch.vars.get('accountcode') ?? ''],
    ['callstate', ch.callState],
    ['callee_name', p?.calleeIdName ?? ''],
    ['callee_num', p?.calleeIdNumber ?? ''],
    ['callee_direction', c.calleeDirection],
    ['call_uuid', c.callUuid],
    ['sent_callee_name', c.sentCalleeName],
    ['sent_callee_num', c.sentCalleeNum],
    ['initial_cid_name', c.initialCidName],
    ['initial_cid_num', c.initialCidNum],
    ['initial_ip_addr', c.initialIpAddr],
    ['initial_dest', c.initialDest],
    ['initial_dialplan', c.initialDialplan],
    ['initial_context', c.initialContext],
  ];
}

const CALL_COLUMNS = ['uuid', 'direction', 'created', 'created_epoch', 'name', 'state', 'cid_name', 'cid_num', 'ip_addr', 'dest', 'presence_id', 'presence_data', 'accountcode', 'callstate', 'callee_name', 'callee_num', 'callee_direction', 'call_uuid', 'hostname', 'sent_callee_name', 'sent_callee_num'];
const B_COLUMNS = ['uuid', 'direction', 'created', 'created_epoch', 'name', 'state', 'cid_name', 'cid_num', 'ip_addr', 'dest', 'presence_id', 'presence_data', 'accountcode', 'callstate', 'callee_name', 'callee_num', 'callee_direction', 'sent_callee_name', 'sent_callee_num'];

function live(core: SwitchCore): Channel[] {
  return [...core.channels.values()].filter((ch) => !ch.destroyed).sort((x, y) => x.createdMicros - y.createdMicros);
}

/** basic_calls: every channel that is not the callee of a bridge, joined with its callee. */
function callRows(core: SwitchCore): Row[] {
  return live(core)
    .filter((ch) => !(ch.bridge && ch.bridge.b === ch))
    .map((ch) => {
      const a = new Map(channelRow(core, ch));
      const callee = ch.bridge?.a === ch ? ch.bridge.b : undefined;
      const b = callee ? new Map(channelRow(core, callee)) : undefined;
      const row: Row = CALL_COLUMNS.map((col) => [col, a.get(col) ?? '']);
      for (const col of B_COLUMNS) row.push([`b_${col}`, b?.get(col) ?? '']);
      row.push(['call_created_epoch', callee && ch.bridge ? String(Math.floor(ch.bridge.startedMicros / 1_000_000)) : '']);
      return row;
    });
}

function registrationRows(core: SwitchCore): Row[] {
  return core.registrations.list().map((r) => [
    ['reg_user', r.user],
    ['realm', r.domain],
    ['token', r.callId],
    ['url', `sofia/internal/sip:${r.contactUser}@${r.networkIp}:${r.networkPort}`],
    ['expires', String(r.expiresAt)],
    ['network_ip', r.networkIp],
    ['network_port', String(r.networkPort)],
    ['network_proto', 'udp'],
    ['hostname', core.identity.hostname],
    ['metadata', ''],
  ]);
}

function render(rows: Row[], as: string | undefined, justCount: boolean): string {
  if (justCount) {
    if (as === 'json') return `{"row_count":${rows.length}}`;
    return `${rows.length} total.\n`;
  }
  if (as === 'json') {
    if (rows.length === 0) return '{"row_count": 0}\n';
    const body = rows.map((row) => `{${row.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`).join(',');
    return `{"row_count":${rows.length},"rows":[${body}]}`;
  }
  if (as !== undefined && as !== 'delim' && as !== 'xml') return `-ERR Cannot find format ${as}\n`;
  let out = '';
  if (rows.length > 0) {
    out += rows[0]!.map(([k]) => k).join(',') + '\n';
    for (const row of rows) out += row.map(([, v]) => v).join(',') + '\n';
  }
  return `${out}\n${rows.length} total.\n`;
}

const LIKE_COLUMNS = new Set(['uuid', 'name', 'cid_name', 'cid_num', 'presence_data', 'accountcode']);

/**
 * `show channels like <x>`: the channels whose uuid, name, caller id, presence_data or accountcode
 * match SQL LIKE '%x%' (or x itself when it has a '%'), case-insensitive as in SQLite; ' and ;
 * become spaces. Channel variables are not searched (the channels table has none).
 */
function channelsLike(core: SwitchCore, raw: string): Row[] {
  const text = raw.replace(/[';]/g, ' ');
  const pattern = text.includes('%') ? text : `%${text}%`;
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('%', '.*').replaceAll('_', '.');
  const re = new RegExp(`^${source}$`, 'is');
  return live(core)
    .map((ch) => channelRow(core, ch))
    .filter((row) => row.some(([k, v]) => LIKE_COLUMNS.has(k) && re.test(v)));
}

export function show(core: SwitchCore, arg: string | undefined): string {
  const argv = (arg ?? '').trim().split(/\s+/).filter((a) => a.length > 0);
  const what = argv[0]?.toLowerCase();
  const asIndex = argv.findIndex((a) => a.toLowerCase() === 'as');
  const as = asIndex >= 0 ? argv[asIndex + 1]?.toLowerCase() : undefined;
  const count = argv[1]?.toLowerCase() === 'count';
  if (what === 'channels' && argv[1]?.toLowerCase() === 'like' && argv[2]) {
    const likeAs = argv[3]?.toLowerCase() === 'as' ? argv[4]?.toLowerCase() : undefined;
    return render(channelsLike(core, argv[2]), likeAs, false);
  }
  if (what === 'channels') return render(live(core).map((ch) => channelRow(core, ch)), as, count);
  if (what === 'calls') return render(callRows(core), as, count);
  if (what === 'registrations') return render(registrationRows(core), as, count);
  return '-USAGE: codec|endpoint|application|api|dialplan|file|timer|calls [count]|channels [count|like <match string>]|calls|detailed_calls|bridged_calls|detailed_bridged_calls|aliases|complete|chat|management|modules|nat_map|say|interfaces|interface_types|tasks|limits|status\n';
}
