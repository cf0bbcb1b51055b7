// The bridge application: originate the dial string for this channel (the variables export_vars
// lists go to the new leg, and nothing else: svc_* too only when exported; caller id from the
// channel), bridge on answer, then wait for the bridge to end.
// On failure the dialplan continues (originate_disposition / DIALSTATUS set); after a bridge
// the channel hangs up when hangup_after_bridge=true, otherwise the dialplan continues.
import type { AppOutcome, Apps } from './apps.ts';
import { answerChannel } from './apps-basic.ts';
import { exportedVariables } from './export.ts';

export function registerBridgeApp(apps: Apps): void {
  apps.register('bridge', async ({ core, ch, data }): Promise<AppOutcome> => {
    const p = ch.profile;
    const result = await core.originator.originate({
      dialString: data,
      cidName: ch.vars.get('effective_caller_id_name') ?? p?.callerIdName,
      cidNumber: ch.vars.get('effective_caller_id_number') ?? p?.callerIdNumber,
      timeoutSec: Number(ch.vars.get('call_timeout') ?? 60),
      // switch_ivr_originate gives the new leg the caller's call_uuid and originating_leg_uuid
      // before its session thread starts, so its CHANNEL_CREATE already names the caller's call;
      // of the caller's variables only what export_vars lists reaches it (process_export).
      baseVars: [['call_uuid', ch.vars.get('call_uuid') ?? ch.uuid], ['originating_leg_uuid', ch.uuid], ...exportedVariables(ch, 'export_vars')],
      caller: ch,
    });
    if (!ch.isUp) {
      if (result.ok) core.hangup(result.ch, 'ORIGINATOR_CANCEL');
      return 'stop';
    }
    if (!result.ok) {
      if (ch.bridge) {
        // picked up by someone else (pickup application)
        await ch.waitHangup();
        return 'stop';
      }
      ch.vars.set('originate_disposition', result.cause);
      ch.vars.set('DIALSTATUS', result.cause === 'USER_BUSY' ? 'BUSY' : result.cause === 'NO_ANSWER' ? 'NOANSWER' : 'CHANUNAVAIL');
      return ch.vars.get('continue_on_fail') === 'false' ? 'stop' : 'continue';
    }
    let other = result.ch;
    // A pickup leg won: the channel that picked it up takes its place (CF_CHANNEL_SWAP), it ends PICKED_OFF.
    const swap = other.endpoint === 'pickup' ? core.channel(other.vars.get('channel_swap_uuid') ?? '') : undefined;
    if (swap?.isUp) {
      core.hangup(other, 'PICKED_OFF');
      other = swap;
    }
    if (!ch.answered) answerChannel(core, ch);
    ch.vars.set('originate_disposition', 'SUCCESS');
    ch.vars.set('DIALSTATUS', 'SUCCESS');
    const ended = new Promise<void>((resolve) => core.bridges.bridge(ch, other, resolve));
    await Promise.race([ended, ch.waitHangup()]);
    if (ch.isUp && ch.vars.get('hangup_after_bridge') === 'true') {
      core.hangup(ch, 'NORMAL_CLEARING');
      return 'stop';
    }
    return 'continue';
  });
}
