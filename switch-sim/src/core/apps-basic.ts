// The dialplan applications the platform relies on (mod_dptools semantics, simulated media).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { waitingPickupLeg } from './endpoints/pickup.ts';
import type { AppContext, AppOutcome, Apps } from './apps.ts';
import type { Channel } from './channel.ts';
import type { SwitchCore } from './core.ts';
import { answerLoopback } from './endpoints/loopback.ts';
import { answerSofiaInbound } from './endpoints/sofia-in.ts';
import { separateArgs } from './dialstring.ts';
import { ORIGIN } from './lifecycle.ts';
import { playbackFileType, startPlayback } from './playback.ts';

/** Endpoint-aware answer (answer app, uuid_answer, control surface). */
export function answerChannel(core: SwitchCore, ch: Channel): boolean {
  if (!ch.isUp) return false;
  if (ch.answered) return true;
  if (ch.direction === 'outbound' && ch.remoteAnswer) return ch.remoteAnswer();
  if (ch.endpoint === 'loopback') answerLoopback(core, ch);
  else if (ch.endpoint === 'sofia' && ch.direction === 'inbound') answerSofiaInbound(core, ch);
  else {
    core.life.markAnswered(ch);
    ch.vars.set('endpoint_disposition', 'ANSWER');
  }
  return true;
}

/** Waits until the channel goes down or `until` resolves. */
function hold(ch: Channel, until?: Promise<void>): Promise<void> {
  return until ? Promise.race([ch.waitHangup(), until]) : ch.waitHangup();
}

function setVar(ctx: AppContext, exportToo: boolean): void {
  const eq = ctx.data.indexOf('=');
  if (eq <= 0) return;
  let name = ctx.data.slice(0, eq).trim();
  const value = ctx.data.slice(eq + 1);
  const noLocal = name.startsWith('nolocal:');
  if (noLocal) name = name.slice(8);
  if (!noLocal || !exportToo) ctx.ch.vars.set(name, value);
  if (exportToo) {
    const list = (ctx.ch.vars.get('export_vars') ?? '').split(',').filter((v) => v.length > 0 && v !== name);
    ctx.ch.vars.set('export_vars', [...list, name].join(','));
    if (noLocal) ctx.ch.exportOnly.set(name, value);
  }
}

/** Simulated media duration: sim_playback_ms, a tone_stream loop (infinite) or 1 s. */
function playMs(ch: Channel, file: string): number {
  const explicit = Number(ch.vars.get('sim_playback_ms'));
  if (Number.isFinite(explicit) && explicit >= 0 && ch.vars.has('sim_playback_ms')) return explicit;
  if (/loops=-1/.test(file) || file.startsWith('local_stream://')) return Number.POSITIVE_INFINITY;
  return 1000;
}

export async function playFile(core: SwitchCore, ch: Channel, file: string, until?: Promise<void>): Promise<void> {
  const stop = startPlayback(core, ch, file, playbackFileType(file, file.split('.').pop() ?? 'wav'));
  const ms = playMs(ch, file);
  const done = Number.isFinite(ms) ? core.clock.sleep(ms) : new Promise<void>(() => undefined);
  await Promise.race([done, hold(ch, until)]);
  stop(!ch.destroyed);
}

/**
 * play_and_get_digits as mod_dptools and switch_play_and_get_digits (switch_ivr_play_say.c) run it:
 * `min max tries timeout terminators file invalid_file var regex [digit_timeout [transfer_on_failure]]`,
 * split in at most 11 arguments (the last keeps its spaces: `ext [dialplan [context]]`). Each try
 * plays the prompt and reads; digits that pass the regex end it (var set). A wrong entry (`<var>_invalid`
 * holds it) and no entry alike play invalid_file and cost a try. When the tries run out the variable
 * is empty and, with a transfer_on_failure, the call is transferred there (nothing after the app runs).
 */
async function playAndGetDigits(ctx: AppContext): Promise<AppOutcome | void> {
  const { core, ch } = ctx;
  const args = separateArgs(ctx.data);
  const [minArg = '0', maxArg = '0', triesArg = '0', timeoutArg = '1000', terminatorsArg = '', file = '', invalidFile = '', varName = '', regex = '', digitTimeoutArg = '0'] = args;
  const failure = args.slice(10).join(' ');
  const min = Math.max(0, Number.parseInt(minArg, 10) || 0);
  const max = Math.max(min, Number.parseInt(maxArg, 10) || 0);
  let tries = Number.parseInt(triesArg, 10) || 0;
  const timeout = Math.max(1000, Number.parseInt(timeoutArg, 10) || 0);
  const terminators = terminatorsArg || '#';
  const digitTimeout = Number.parseInt(digitTimeoutArg, 10) || timeout;
  const re = regex ? new RegExp(regex) : null;
  if (regex && varName) ch.vars.set(`${varName}_invalid`, undefined);
  while (ch.isUp && tries > 0) {
    if (file) core.life.fire(ch, 'PLAYBACK_START', ORIGIN.playStart, { after: [['Playback-File-Path', file]] });
    const digits = await collectDigits(core, ch, max, terminators, timeout, digitTimeout);
    if (file && ch.isUp) core.life.fire(ch, 'PLAYBACK_STOP', ORIGIN.playStop, { after: [['Playback-File-Path', file], ['Playback-Status', 'done']] });
    if (digits.length >= min && digits.length > 0) {
      if (!re || re.test(digits)) {
        if (varName) ch.vars.set(varName, digits);
        return;
      }
      if (varName) {
        ch.vars.set(varName, undefined);
        ch.vars.set(`${varName}_invalid`, digits);
      }
    }
    if (!ch.isUp) break;
    if (invalidFile) await playFile(core, ch, invalidFile);
    tries -= 1;
  }
  if (varName) ch.vars.set(varName, undefined);
  if (!failure || !ch.isUp) return;
  const [extension = '', , context] = failure.split(' ').filter((part) => part.length > 0);
  core.apps.transfer(ch, extension, context);
  return 'stop';
}

/** Consumes DTMF sent through the control surface until max digits, a terminator or a timeout. */
export async function collectDigits(core: SwitchCore, ch: Channel, max: number, terminators: string, firstTimeoutMs: number, digitTimeoutMs: number): Promise<string> {
  let got = '';
  let timeout = firstTimeoutMs;
  while (ch.isUp && got.length < max) {
    if (ch.dtmf.length === 0) {
      const arrived = new Promise<boolean>((resolve) => {
        const timer = core.clock.after(timeout, () => resolve(false));
        ch.dtmfWaiters.push(() => {
          timer.cancel();
          resolve(true);
        });
        void ch.waitHangup().then(() => resolve(false));
      });
      if (!(await arrived)) break;
      continue;
    }
    const digit = ch.dtmf[0]!;
    ch.dtmf = ch.dtmf.slice(1);
    if (terminators.includes(digit)) break;
    got += digit;
    timeout = digitTimeoutMs;
  }
  return got;
}

export function registerBasicApps(apps: Apps): void {
  apps.register('answer', ({ core, ch }) => void answerChannel(core, ch));
  apps.register('pre_answer', ({ core, ch }) => core.life.markPreAnswered(ch));
  apps.register('ring_ready', ({ core, ch }) => core.life.markRingReady(ch));
  apps.register('park', async ({ core, ch }) => {
    ch.parked = true;
    core.life.fire(ch, 'CHANNEL_PARK', ORIGIN.park);
    await ch.waitHangup();
  });
  apps.register('echo', async ({ ch }) => ch.waitHangup());
  // sched_hangup +<sec>|<epoch> [cause] [bleg]: hangs the channel (or its partner) up later,
  // ALLOTTED_TIMEOUT by default (mod_dptools, switch_ivr_schedule_hangup).
  apps.register('sched_hangup', ({ core, ch, data }) => {
    const [when = '', causeName, leg] = separateArgs(data, 5);
    if (!when) return;
    const seconds = Number.parseInt(when.slice(1), 10) || 0;
    const cause = causeName || 'ALLOTTED_TIMEOUT';
    const delayMs = when.startsWith('+') ? seconds * 1000 : Math.max(0, (Number.parseInt(when, 10) || 0) * 1000 - core.clock.nowMicros() / 1000);
    if (seconds === 0) return void core.hangup(ch, cause);
    core.clock.after(delayMs, () => {
      const target = leg?.toLowerCase() === 'bleg' ? ch.partner() : ch;
      if (target?.isUp) core.hangup(target, cause);
    });
  });
  apps.register('hangup', ({ core, ch, data }): AppOutcome => {
    core.hangup(ch, data || 'NORMAL_CLEARING');
    return 'stop';
  });
  apps.register('set', (ctx) => setVar(ctx, false));
  apps.register('export', (ctx) => setVar(ctx, true));
  apps.register('unset', ({ ch, data }) => ch.vars.delete(data.trim()));
  apps.register('log', () => undefined);
  apps.register('info', () => undefined);
  apps.register('sleep', async ({ core, ch, data }) => {
    await Promise.race([core.clock.sleep(Number(data) || 0), ch.waitHangup()]);
  });
  // mod_dptools' playback: a file the switch cannot open plays nothing, fires no PLAYBACK_START,
  // and the dialplan goes on with current_application_response FILE NOT FOUND. Only absolute paths
  // are checked: the simulator has no sound library to resolve the others against.
  apps.register('playback', async ({ core, ch, data }) => {
    if (path.isAbsolute(data) && !existsSync(data)) {
      ch.vars.set('current_application_response', 'FILE NOT FOUND');
      return;
    }
    await playFile(core, ch, data);
    ch.vars.set('current_application_response', 'FILE PLAYED');
  });
  apps.register('transfer', ({ core, ch, data }): AppOutcome => {
    const [dest = '', dialplan, context] = separateArgs(data);
    core.apps.transfer(ch, dest, context, dialplan);
    return 'stop';
  });
  apps.register('play_and_get_digits', playAndGetDigits);
  apps.register('read', async ({ core, ch, data }) => {
    const [min = '1', max = '1', , varName = 'read_result', timeout = '5000', terminators = '#'] = separateArgs(data);
    const digits = await collectDigits(core, ch, Number(max), terminators, Number(timeout), Number(timeout));
    ch.vars.set(varName, digits.length >= Number(min) ? digits : undefined);
  });
  apps.register('record_session', ({ core, ch, data }) => void core.recorder.start(ch, data));
  apps.register('stop_record_session', ({ core, ch, data }) => void core.recorder.stop(ch, data));
  apps.register('respond', ({ core, ch, data }): AppOutcome | void => {
    const code = Number(data.split(' ')[0]);
    if (code === 180 || code === 183) return core.life.markRingReady(ch);
    if (code >= 400) {
      core.hangup(ch, code === 486 ? 'USER_BUSY' : code === 404 ? 'UNALLOCATED_NUMBER' : code === 403 ? 'CALL_REJECTED' : 'NORMAL_TEMPORARY_FAILURE');
      return 'stop';
    }
  });
  apps.register('pickup', async ({ core, ch, data }) => {
    // pickup <key>: takes the oldest call ringing on "pickup/<key>" (endpoints/pickup.ts); nothing
    // ringing there: the application returns and the dialplan goes on.
    const ringing = waitingPickupLeg(core, data, ch);
    const caller = ringing?.caller;
    if (!ringing || !caller?.isUp || caller.bridge) return;
    answerChannel(core, ch);
    if (ringing.endpoint === 'pickup') {
      // pickup_function: CF_CHANNEL_SWAP + channel_swap_uuid, then the pickup leg is marked answered;
      // the caller's bridge swaps this channel in (apps-bridge.ts).
      ringing.vars.set('channel_swap_uuid', ch.uuid);
      core.life.markAnswered(ringing);
      await ch.waitHangup();
      return;
    }
    core.hangup(ringing, 'PICKED_OFF');
    core.bridges.bridge(caller, ch);
    await ch.waitHangup();
  });
  apps.register('uuid_bridge', () => undefined);
}
