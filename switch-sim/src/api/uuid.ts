// uuid_* commands and hupall, with mod_commands' replies.
import { answerChannel } from '../core/apps-basic.ts';
import { toCause } from '../core/causes.ts';
import { channelEvent } from '../core/channel-events.ts';
import type { SwitchCore } from '../core/core.ts';
import { separateArgs } from '../core/dialstring.ts';
import { serializeJson } from '../esl/serialize.ts';

const NO_CHANNEL = '-ERR No such channel!\n';

function words(arg: string | undefined): string[] {
  return (arg ?? '').trim().split(/\s+/).filter((w) => w.length > 0);
}

export function uuidKill(core: SwitchCore, arg: string | undefined): string {
  const [uuid, cause] = words(arg);
  if (!uuid) return '-USAGE: <uuid> [cause]\n';
  const ch = core.channel(uuid);
  if (!ch?.isUp) return NO_CHANNEL;
  core.hangup(ch, toCause(cause), true);
  return '+OK\n';
}

export function uuidAnswer(core: SwitchCore, arg: string | undefined): string {
  const ch = core.channel(words(arg)[0]);
  if (!ch?.isUp) return '-ERROR\n';
  return answerChannel(core, ch) ? '+OK\n' : '-ERROR\n';
}

export function uuidGetvar(core: SwitchCore, arg: string | undefined): string {
  const [uuid, name] = words(arg);
  if (!uuid) return '-USAGE: <uuid> <var>\n';
  const ch = core.channel(uuid);
  if (!ch?.isUp) return NO_CHANNEL;
  if (!name) return '-ERR No variable name specified!\n';
  return ch.vars.get(name) ?? '_undef_';
}

export function uuidSetvar(core: SwitchCore, arg: string | undefined): string {
  const text = (arg ?? '').trim();
  const [uuid = '', name = ''] = text.split(/\s+/);
  if (!uuid || !name) return '-USAGE: <uuid> <var> [value]\n';
  const ch = core.channel(uuid);
  if (!ch?.isUp) return NO_CHANNEL;
  const value = text.slice(text.indexOf(name) + name.length).trim();
  ch.vars.set(name, value === '' ? undefined : value);
  return '+OK\n';
}

export function uuidSetvarMulti(core: SwitchCore, arg: string | undefined): string {
  const text = (arg ?? '').trim();
  const space = text.indexOf(' ');
  const ch = core.channel(space < 0 ? text : text.slice(0, space));
  if (!ch?.isUp) return NO_CHANNEL;
  for (const pair of text.slice(space + 1).split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0) ch.vars.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return '+OK\n';
}

/**
 * uuid_exists_function: the whole argument is looked up (no trimming, no splitting) in the session
 * table, where a session stays from creation until it is destroyed, hangup states included.
 */
export function uuidExists(core: SwitchCore, arg: string | undefined): string {
  return arg !== undefined && core.channels.has(arg) ? 'true' : 'false';
}

/** uuid_bridge <uuid> <other_uuid>: both legs leave what they run and are bridged. */
export function uuidBridge(core: SwitchCore, arg: string | undefined): string {
  const [a, b] = words(arg);
  if (!a || !b) return '-USAGE: <uuid> <other_uuid>\n';
  const first = core.channel(a);
  const second = core.channel(b);
  if (!first?.isUp || !second?.isUp || first === second) return '-ERR Invalid uuid\n';
  for (const ch of [first, second]) {
    const app = ch.app;
    ch.app = undefined;
    if (ch.parked) ch.parked = false;
    app?.stop?.();
    if (!ch.answered) answerChannel(core, ch);
  }
  core.bridges.bridge(first, second);
  return `+OK ${second.uuid}\n`;
}

/**
 * transfer_function: `<uuid> [-bleg|-both] <dest-exten> [<dialplan>] [<context>]`, arguments split
 * like switch_separate_string (quotes group and are removed), so an inline dialplan with commas
 * goes in quotes: `uuid_transfer <uuid> 'playback:x.wav,hangup:NORMAL_CLEARING' inline`.
 */
export function uuidTransfer(core: SwitchCore, arg: string | undefined): string {
  const usage = '-USAGE: <uuid> [-bleg|-both] <dest-exten> [<dialplan>] [<context>]\n';
  const argv = separateArgs(arg ?? '', 5);
  if (!arg?.trim() || argv.length < 2 || argv.length > 5) return usage;
  const uuid = argv[0] ?? '';
  let [, dest = '', dialplan, context] = argv;
  let ch = core.channel(uuid);
  if (!uuid || !ch?.isUp) return NO_CHANNEL;
  let flag = '';
  if (dest.startsWith('-')) {
    flag = dest.slice(1).toLowerCase();
    [, , dest = '', dialplan, context] = argv;
  }
  const partner = ch.partner();
  if (flag === 'bleg' && partner?.isUp) ch = partner;
  const both = flag === 'both' && partner?.isUp ? [partner, ch] : [ch];
  const other = ch.partner();
  if (ch.bridge) core.bridges.unbridge(ch.bridge);
  // A lone leg leaves its partner behind; "-both" moves the two of them.
  if (both.length === 1 && other?.isUp) core.hangup(other, 'NORMAL_CLEARING');
  for (const leg of both) {
    leg.app?.stop?.();
    core.apps.transfer(leg, dest, context || undefined, dialplan || undefined);
  }
  return '+OK\n';
}

export function uuidDump(core: SwitchCore, arg: string | undefined): string {
  const [uuid, format] = words(arg);
  const ch = core.channel(uuid);
  if (!ch?.isUp) return NO_CHANNEL;
  const event = channelEvent(core.bus, ch, 'CHANNEL_DATA', { file: 'mod_commands.c', func: 'uuid_dump_function', line: 6468 });
  if (format === 'json') return serializeJson(event);
  return event.headers.map(([k, v]) => `${k}: ${v}\n`).join('');
}

/** mod_commands' uuid_record: the path is required for every action, actions in any case. */
export function uuidRecord(core: SwitchCore, arg: string | undefined): string {
  const [uuid, rawAction, path, limit, vars] = words(arg);
  if (!uuid || !rawAction || !path) return '-USAGE: <uuid> [start|stop|mask|unmask] <path> [<limit>] [<recording_vars>]\n';
  const action = rawAction.toLowerCase();
  const ch = core.channel(uuid);
  if (!ch?.isUp) return '-ERR Cannot locate session!\n';
  // The same recording as record_session: `<path> +<limit> {vars}`.
  if (action === 'start') return core.recorder.start(ch, [path, `+${Number.parseInt(limit ?? '0', 10) || 0}`, vars ?? ''].join(' ')) ? '+OK Success\n' : '-ERR Cannot record session!\n';
  if (action === 'stop') return core.recorder.stop(ch, path) ? '+OK Success\n' : '-ERR Cannot stop record session!\n';
  if (action === 'mask' || action === 'unmask') return '+OK Success\n';
  return '-USAGE: <uuid> [start|stop|mask|unmask] <path> [<limit>] [<recording_vars>]\n';
}

/** hupall [cause] [var value]. */
export function hupall(core: SwitchCore, arg: string | undefined): string {
  const [causeName, varName, varValue] = words(arg);
  const cause = toCause(causeName, 'MANAGER_REQUEST');
  for (const ch of [...core.channels.values()]) {
    if (!ch.isUp) continue;
    if (varName && ch.vars.get(varName) !== varValue) continue;
    core.hangup(ch, cause, true);
  }
  if (varName) return `+OK hangup all channels matching [${varName}]=[${varValue ?? ''}] with cause: ${cause}\n`;
  return `+OK hangup all channels with cause ${cause}\n`;
}
