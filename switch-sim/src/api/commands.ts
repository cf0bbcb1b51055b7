// The api command table. Each command gets its argument string and returns exactly what
// FreeSWITCH writes to the stream; the API event is created before and fired after the command
// (switch_api_execute), and unknown commands answer "-ERR <cmd> Command not found!\n".
import { randomUUID } from 'node:crypto';
import { callcenterConfig } from '../callcenter/api.ts';
import type { SwitchCore } from '../core/core.ts';
import { fsUrlDecode, fsUrlEncode } from '../esl/urlencode.ts';
import { show } from './show.ts';
import { fileExists, localStream } from './sounds.ts';
import { sofiaApi, sofiaContact } from './sofia.ts';
import { status, uptime, version } from './status.ts';
import { regexApi, userData } from './strings.ts';
import { hupall, uuidAnswer, uuidBridge, uuidDump, uuidExists, uuidGetvar, uuidKill, uuidRecord, uuidSetvar, uuidSetvarMulti, uuidTransfer } from './uuid.ts';

type Command = (arg: string | undefined) => string | Promise<string>;

const KNOWN_MODULES = new Set(['mod_callcenter', 'mod_sofia', 'mod_event_socket', 'mod_commands', 'mod_dptools', 'mod_loopback', 'mod_dialplan_xml']);

export class ApiCommands {
  private readonly table = new Map<string, Command>();

  constructor(private readonly core: SwitchCore) {
    const c = core;
    this.table.set('status', () => status(c));
    this.table.set('uptime', (arg) => uptime(c, arg));
    this.table.set('version', (arg) => version(arg));
    this.table.set('hostname', () => c.identity.hostname);
    this.table.set('global_getvar', (arg) => (arg ? (c.globals.get(arg.trim()) ?? '') : [...c.globals].map(([k, v]) => `${k}=${v}`).join('\n') + '\n'));
    this.table.set('global_setvar', (arg) => {
      const [name = '', ...value] = (arg ?? '').split('=');
      if (name.trim()) c.globals.set(name.trim(), value.join('=').trim());
      return '+OK\n';
    });
    this.table.set('reloadxml', () => {
      const error = c.reloadXml();
      return `+OK [${error || 'Success'}]\n`;
    });
    this.table.set('show', (arg) => show(c, arg));
    this.table.set('originate', (arg) => c.originator.api(arg ?? ''));
    this.table.set('uuid_kill', (arg) => uuidKill(c, arg));
    this.table.set('uuid_answer', (arg) => uuidAnswer(c, arg));
    this.table.set('uuid_bridge', (arg) => uuidBridge(c, arg));
    this.table.set('uuid_getvar', (arg) => uuidGetvar(c, arg));
    this.table.set('uuid_setvar', (arg) => uuidSetvar(c, arg));
    this.table.set('uuid_setvar_multi', (arg) => uuidSetvarMulti(c, arg));
    this.table.set('uuid_exists', (arg) => uuidExists(c, arg));
    this.table.set('uuid_dump', (arg) => uuidDump(c, arg));
    this.table.set('uuid_record', (arg) => uuidRecord(c, arg));
    this.table.set('uuid_transfer', (arg) => uuidTransfer(c, arg));
    this.table.set('hupall', (arg) => hupall(c, arg));
    this.table.set('sofia', (arg) => sofiaApi(c, arg));
    this.table.set('sofia_contact', (arg) => sofiaContact(c, arg));
    this.table.set('callcenter_config', (arg) => callcenterConfig(c.callcenter, arg));
    this.table.set('reload', (arg) => this.reloadModule(arg));
    this.table.set('eval', (arg) => arg ?? '');
    this.table.set('user_data', (arg) => userData(c.config, arg ?? ''));
    this.table.set('regex', (arg) => regexApi(arg));
    // mod_commands create_uuid: a new uuid, no line break (also inline: ${create_uuid()}).
    this.table.set('create_uuid', () => randomUUID());
    this.table.set('url_encode', (arg) => fsUrlEncode(arg ?? ''));
    this.table.set('url_decode', (arg) => fsUrlDecode(arg ?? ''));
    this.table.set('file_exists', (arg) => fileExists(arg));
    this.table.set('local_stream', (arg) => localStream(arg, c.globals.get('sounds_dir') ?? ''));
  }

  /** `reload [-f] <module>` (mod_commands reload_function): XML, then unload + load. */
  private reloadModule(arg: string | undefined): string {
    const name = (arg ?? '').trim().replace(/^-f\s+/, '');
    if (!name) return '-USAGE: [-f] <mod_name>\n';
    const xmlError = this.core.reloadXml();
    let out = xmlError ? '' : '+OK Reloading XML\n';
    if (!KNOWN_MODULES.has(name)) return `${out}-ERR unloading module [No such module!]\n-ERR loading module [Module load routine returned an error]\n`;
    if (name === 'mod_callcenter') {
      for (const queue of this.core.config.queues.keys()) this.core.callcenter.loadQueue(queue);
      this.core.callcenter.loadConfigAgents();
    }
    if (name === 'mod_sofia') this.core.gateways.rescan();
    out += '+OK module unloaded\n+OK module loaded\n';
    return out;
  }

  /**
   * A ${command(argument)} inside a channel variable or dialplan data: switch_api_execute with the
   * same API event. Only commands that answer at once can run inline; undefined means failure.
   */
  executeInline(cmd: string, arg: string): string | undefined {
    const command = this.table.get(cmd);
    const event = this.core.bus.create('API', { file: 'switch_loadable_module.c', func: 'switch_api_execute', line: 3142 });
    event.add('API-Command', cmd);
    if (arg !== '') event.add('API-Command-Argument', arg);
    const output = command?.(arg);
    this.core.bus.fire(event);
    if (typeof output === 'string') return output;
    void output?.catch(() => undefined);
    return undefined;
  }

  /** Runs `cmd arg` like switch_api_execute, firing the API event afterwards. */
  async execute(cmd: string, arg: string | undefined): Promise<string> {
    const event = this.core.bus.create('API', { file: 'switch_loadable_module.c', func: 'switch_api_execute', line: 3142 });
    event.add('API-Command', cmd);
    if (arg !== undefined) event.add('API-Command-Argument', arg);
    const command = this.table.get(cmd);
    const output = command ? await command(arg) : `-ERR ${cmd} Command not found!\n`;
    if (command) this.core.bus.fire(event);
    return output;
  }
}
