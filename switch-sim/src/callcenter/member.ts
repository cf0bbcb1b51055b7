// The `callcenter <queue>` application (callcenter_function): the caller becomes a member
// (member-queue-start, members-count, music on hold) and waits for an agent; it leaves with
// member-queue-end when it hangs up (Cancel/BREAK_OUT), times out (TIMEOUT, NO_AGENT_TIMEOUT)
// or is answered (then bridge-agent-* and the Terminated member-queue-end follow).
import { randomUUID } from 'node:crypto';
import type { AppOutcome, Apps } from '../core/apps.ts';
import { playbackFileType, startPlayback } from '../core/playback.ts';
import type { CallCenter } from './callcenter.ts';
import type { Member } from './types.ts';

export function registerMemberApp(apps: Apps, cc: CallCenter): void {
  apps.register('callcenter', async ({ core, ch, data, app }): Promise<AppOutcome> => {
    const queueName = data.trim().split(/\s+/)[0] ?? '';
    const queue = cc.queue(queueName);
    if (!queue) return 'continue';
    const now = cc.nowSec();
    const p = ch.profile;
    const member: Member = {
      queue: queueName,
      instanceId: 'single_box',
      uuid: randomUUID(),
      sessionUuid: ch.uuid,
      cidNumber: p?.callerIdNumber ?? '',
      cidName: p?.callerIdName ?? '',
      systemEpoch: now,
      joinedEpoch: now,
      rejoinedEpoch: 0,
      bridgeEpoch: 0,
      abandonedEpoch: 0,
      baseScore: 0,
      skillScore: 0,
      servingAgent: '',
      servingSystem: '',
      state: 'Waiting',
      session: ch,
      offers: new Set(),
    };
    ch.vars.set('cc_side', 'member');
    ch.vars.set('cc_member_uuid', member.uuid);
    ch.vars.set('cc_queue_joined_epoch', now);
    ch.vars.set('cc_queue', queueName);
    cc.members.push(member);
    cc.info(
      'callcenter_function',
      3113,
      [
        ['CC-Queue', queueName],
        ['CC-Action', 'member-queue-start'],
        ['CC-Member-UUID', member.uuid],
        ['CC-Member-Session-UUID', member.sessionUuid],
        ['CC-Member-CID-Name', member.cidName],
        ['CC-Member-CID-Number', member.cidNumber],
      ],
      ch,
    );
    cc.membersCount(queueName);
    const moh = queue.moh;
    if (moh) {
      const stop = startPlayback(core, ch, moh, playbackFileType(moh, 'file'));
      member.stopMoh = () => {
        member.stopMoh = undefined;
        stop();
      };
    }
    cc.dispatcher.kick();

    const leave = (reason: string): void => {
      if (member.state === 'Answered' || member.state === 'Abandoned') return;
      cc.dispatcher.memberLeft(member);
      const left = cc.nowSec();
      member.state = 'Abandoned';
      member.abandonedEpoch = left;
      queue.callsAbandoned++;
      cc.info(
        'callcenter_function',
        3285,
        [
          ['CC-Queue', queueName],
          ['CC-Action', 'member-queue-end'],
          ['CC-Member-Leaving-Time', left],
          ['CC-Member-Joined-Time', member.joinedEpoch],
          ['CC-Cause', 'Cancel'],
          ['CC-Cancel-Reason', reason],
          ['CC-Member-UUID', member.uuid],
          ['CC-Member-Session-UUID', member.sessionUuid],
          ['CC-Member-CID-Name', member.cidName],
          ['CC-Member-CID-Number', member.cidNumber],
        ],
        ch,
      );
      // Set after the event, for the CDR (callcenter_function); the reason as the event names it.
      ch.vars.set('cc_queue_canceled_epoch', left);
      ch.vars.set('cc_cause', 'cancel');
      ch.vars.set('cc_cancel_reason', reason);
      cc.membersCount(queueName);
      const discard = queue.discardAbandonedAfter;
      core.clock.after(discard * 1000, () => {
        cc.members = cc.members.filter((m) => m !== member);
      });
      member.done?.(reason);
    };
    const outcome = await new Promise<string>((resolve) => {
      member.done = resolve;
      app.stop = () => leave('BREAK_OUT');
      const timers: Array<{ cancel(): void }> = [];
      if (queue.maxWaitTime > 0) timers.push(core.clock.after(queue.maxWaitTime * 1000, () => leave('TIMEOUT')));
      if (queue.maxWaitTimeWithNoAgent > 0) {
        const check = (): void => {
          if (member.state !== 'Waiting' && member.state !== 'Trying') return;
          const anyone = cc.tiers.some((t) => t.queue === queueName && (cc.agents.get(t.agent)?.status ?? 'Logged Out') !== 'Logged Out');
          if (!anyone && cc.nowSec() - member.joinedEpoch >= queue.maxWaitTimeWithNoAgent) leave('NO_AGENT_TIMEOUT');
          else timers.push(core.clock.after(1000, check));
        };
        timers.push(core.clock.after(1000, check));
      }
      void ch.waitHangup().then(() => timers.forEach((t) => t.cancel()));
      member.cancelTimers = () => timers.forEach((t) => t.cancel());
    });
    member.cancelTimers?.();
    if (outcome === 'answered') {
      await ch.waitHangup();
      return 'stop';
    }
    member.stopMoh?.();
    return ch.isUp ? 'continue' : 'stop';
  });
}
