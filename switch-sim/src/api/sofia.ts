// The `sofia` api (mod_sofia.c cmd_status / cmd_profile) for the simulated "internal" and
// "external" profiles: status tables, profile details, registrations, gateway details, and the
// profile commands the platform uses (rescan, killgw, restart, register/unregister gateways,
// flush_inbound_reg).
import { formatLocal } from '../events/dates.ts';
import type { SwitchCore } from '../core/core.ts';

const LINE = '=================================================================================================';
const pad = (value: string, width: number): string => value.padStart(width);

function profileUrl(core: SwitchCore, name: string): string {
  return `sip:mod_sofia@${core.identity.ipv4}:${name === 'internal' ? 5060 : 5080}`;
}

function statusTable(core: SwitchCore): string {
  let out = `${pad('Name', 25)}\t${'   Type'}\t  ${pad('Data', 40)}\t${'State'}\n${LINE}\n`;
  for (const profile of ['external', 'internal']) {
    const calls = [...core.channels.values()].filter((ch) => ch.endpoint === 'sofia' && ch.vars.get('sofia_profile_name') === profile).length;
    out += `${pad(profile, 25)}\t${'profile'}\t  ${pad(profileUrl(core, profile), 40)}\tRUNNING (${calls})\n`;
    for (const gw of core.gateways.list(profile)) {
      out += `${pad(`${profile}::${gw.name}`, 25)}\t${'gateway'}\t  ${pad(gw.settings.registerTo, 40)}\t${gw.state}`;
      if (gw.state === 'FAILED' || gw.state === 'FAIL_WAIT' || gw.state === 'TRYING') out += ' (retry: NEVER)';
      out += '\n';
    }
  }
  return `${out}${LINE}\n2 profiles 0 aliases\n`;
}

function profileDetails(core: SwitchCore, name: string): string {
  const ip = core.identity.ipv4;
  const port = name === 'internal' ? 5060 : 5080;
  const stats = core.sofiaStats(name);
  const regs = name === 'internal' ? core.registrations.list().length : 0;
  const rows: Array<[string, string]> = [
    ['Name', name],
    ['Domain Name', 'N/A'],
    ['Auto-NAT', 'false'],
    ['DBName', `sofia_reg_${name}`],
    ['Pres Hosts', `${ip},${ip}`],
    ['Dialplan', 'XML'],
    ['Context', name === 'internal' ? 'public' : 'public'],
    ['Challenge Realm', 'auto_from'],
    ['RTP-IP', ip],
    ['Ext-RTP-IP', ip],
    ['SIP-IP', ip],
    ['Ext-SIP-IP', ip],
    ['URL', `sip:mod_sofia@${ip}:${port}`],
    ['BIND-URL', `sip:mod_sofia@${ip}:${port};maddr=${ip};transport=udp,tcp`],
    ['HOLD-MUSIC', name === 'internal' ? 'tone_stream://%(2000,4000,440,480);loops=-1' : 'N/A'],
    ['OUTBOUND-PROXY', 'N/A'],
    ['CODECS IN', 'OPUS,G722,PCMU,PCMA,H264,VP8'],
    ['CODECS OUT', 'OPUS,G722,PCMU,PCMA,H264,VP8'],
    ['TEL-EVENT', '101'],
    ['DTMF-MODE', 'rfc2833'],
    ['CNG', '13'],
    ['SESSION-TO', '0'],
    ['MAX-DIALOG', '0'],
    ['MAX-RECV-RPS', '1000'],
    ['NOMEDIA', 'false'],
    ['LATE-NEG', 'true'],
    ['PROXY-MEDIA', 'false'],
    ['AGGRESSIVENAT', 'false'],
    ['CALLS-IN', String(stats.callsIn)],
    ['FAILED-CALLS-IN', String(stats.failedIn)],
    ['CALLS-OUT', String(stats.callsOut)],
    ['FAILED-CALLS-OUT', String(stats.failedOut)],
    ['REGISTRATIONS', String(regs)],
  ];
  return `${LINE}\n${rows.map(([k, v]) => `${k.padEnd(17)}\t${v}\n`).join('')}`;
}

function registrationList(core: SwitchCore, profile: string, filter?: string): string {
  const now = Math.floor(core.clock.nowMicros() / 1_000_000);
  const regs = profile === 'internal' ? core.registrations.list().filter((r) => !filter || r.contact.includes(filter)) : [];
  let out = `\nRegistrations:\n${LINE}\n`;
  for (const r of regs) {
    out += `Call-ID:    \t${r.callId}\nUser:       \t${r.user}@${r.domain}\nContact:    \t${r.contact}\nAgent:      \t${r.userAgent}\n`;
    out += `Status:     \tRegistered(UDP)(unknown) EXP(${formatLocal(r.expiresAt * 1000)}) EXPSECS(${r.expiresAt - now})\n`;
    out += `Ping-Status:\tReachable\nPing-Time:\t0.00\nHost:       \t${core.identity.hostname}\nIP:         \t${r.networkIp}\nPort:       \t${r.networkPort}\n`;
    out += `Auth-User:  \t${r.user}\nAuth-Realm: \t${r.domain}\nMWI-Account:\t${r.user}@${r.domain}\n\n`;
  }
  return `${out}Total items returned: ${regs.length}\n${LINE}\n`;
}

function gatewayDetails(core: SwitchCore, name: string | undefined): string {
  const gw = name ? core.gateways.get(name) : undefined;
  if (!gw) return 'Invalid Gateway!\n';
  const p = gw.params;
  const settings = gw.settings;
  const rows: Array<[string, string]> = [
    ['Name    ', gw.name],
    ['Profile ', gw.profile],
    ['Scheme  ', p.scheme || 'Digest'],
    ['Realm   ', settings.realm],
    ['Username', settings.username],
    ['Password', settings.password ? 'yes' : 'no'],
    ['From    ', settings.registerFrom],
    ['Contact ', `<sip:gw+${gw.name}@${core.identity.ipv4}:5080;transport=${settings.transport};gw=${gw.name}>`],
    ['Exten   ', settings.extension],
    ['To      ', settings.registerTo],
    ['Proxy   ', settings.registerProxy],
    ['Context ', settings.context],
    ['Expires ', settings.expires],
    ['Freq    ', String(settings.freq)],
    ['Ping    ', '0'],
    ['PingFreq', String(settings.pingFreq)],
    ['PingTime', '0.00'],
    ['PingState', '0/0/0'],
    ['State   ', gw.state],
    ['Status  ', gw.status],
    ['Uptime  ', '0s'],
    ['CallsIN ', String(gw.ibCalls)],
    ['CallsOUT', String(gw.obCalls)],
    ['FailedCallsIN', String(gw.ibFailed)],
    ['FailedCallsOUT', String(gw.obFailed)],
  ];
  return `${LINE}\n${rows.map(([k, v]) => `${k}\t${v}\n`).join('')}${LINE}\n`;
}

function gatewaySummary(core: SwitchCore): string {
  let out = `${pad('Profile::Gateway-Name', 25)}\t${pad('    Data    ', 32)}\tState\t${pad('Ping Time', 9)}\tIB Calls(F/T)\tOB Calls(F/T)\n${LINE}\n`;
  const all = core.gateways.list();
  let ib = 0;
  let ibf = 0;
  let ob = 0;
  let obf = 0;
  for (const gw of all) {
    ib += gw.ibCalls;
    ibf += gw.ibFailed;
    ob += gw.obCalls;
    obf += gw.obFailed;
    out += `${pad(`${gw.profile}::${gw.name}`, 25)}\t${pad(gw.settings.registerTo, 32)}\t${gw.state}\t${'0.00'.padStart(6)}\t${gw.ibFailed}/${gw.ibCalls}\t${gw.obFailed}/${gw.obCalls}\n`;
  }
  return `${out}${LINE}\n${all.length} gateway${all.length === 1 ? '' : 's'}: Inbound(Failed/Total): ${ibf}/${ib},Outbound(Failed/Total):${obf}/${ob}\n`;
}

/** mod_sofia.c cmd_profile "flush_inbound_reg [<call_id> | <[user]@domain>] [reboot]". */
function flushInboundReg(core: SwitchCore, profile: string, args: string[]): string {
  // A lone "reboot" flushes everything (phones would be told to reboot: simulated phones just go).
  const [match, second] = args;
  const reboot = match?.toLowerCase() === 'reboot' || second?.toLowerCase() === 'reboot';
  const verb = reboot ? 'rebooting' : 'flushing';
  const specific = match !== undefined && match.toLowerCase() !== 'reboot';
  // Only the internal profile takes registrations here.
  if (profile === 'internal') core.registrations.flush(specific ? match : undefined);
  return specific ? `+OK ${verb} all registrations matching specified call_id\n` : `+OK ${verb} all registrations\n`;
}

export function sofiaApi(core: SwitchCore, arg: string | undefined): string {
  const argv = (arg ?? '').trim().split(/\s+/).filter((a) => a.length > 0);
  const [cmd, a1, a2, a3] = argv;
  if (cmd === 'status' || cmd === 'xmlstatus') {
    if (!a1) return statusTable(core);
    if (a1 === 'gateway') return a2 ? gatewayDetails(core, a2) : gatewaySummary(core);
    if (a1 === 'profile') {
      if (a2 !== 'internal' && a2 !== 'external') return 'Invalid Profile!\n';
      if (a3 === 'reg') return registrationList(core, a2, argv[4]);
      return profileDetails(core, a2);
    }
    return 'Invalid Syntax!\n';
  }
  if (cmd === 'profile') {
    if (a1 !== 'internal' && a1 !== 'external') return 'Invalid Profile!\n';
    if (a2 === 'rescan') {
      core.gateways.rescan(a1);
      return '+OK scan complete\n';
    }
    if (a2 === 'killgw') return core.gateways.kill(a3 ?? '') ? '+OK gateway marked for deletion.\n' : '-ERR no such gateway.\n';
    if (a2 === 'restart' || a2 === 'start') return `Reload XML [Success]\nrestarting: ${a1}\n`;
    if (a2 === 'register' || a2 === 'unregister') return '+OK\n';
    if (a2 === 'flush_inbound_reg') return flushInboundReg(core, a1, argv.slice(3));
    return '-ERR Unknown command!\n';
  }
  return '-USAGE: sofia status|profile ...\n';
}

/** sofia_contact [profile/]user@domain → the registered contact or error/user_not_registered. */
export function sofiaContact(core: SwitchCore, arg: string | undefined): string {
  const target = (arg ?? '').trim().replace(/^[^/]*\//, '');
  const [user = '', domain = core.identity.ipv4] = target.split('@');
  const reg = core.registrations.find(user, domain);
  return reg ? `sofia/internal/sip:${reg.contactUser}@${reg.networkIp}:${reg.networkPort}` : 'error/user_not_registered';
}
