// What the control surface can do to the simulated world (phones, inbound calls, the far end of
// calls), independent of HTTP so tests can call it directly too.
import type { SwitchCore } from '../core/core.ts';
import type { Channel } from '../core/channel.ts';
import { startInbound, type InboundCall } from '../core/endpoints/sofia-in.ts';
import type { OutcomeRule } from '../core/outcomes.ts';
import { registerTarget } from '../sofia/gateways.ts';
import type { PhoneOptions, RegisterRequest } from '../sofia/registrations.ts';

export class ControlActions {
  constructor(readonly core: SwitchCore) {}

  register(req: RegisterRequest): { ok: true; contact: string; expires: number } | { ok: false; error: string } {
    const result = this.core.registrations.register(req);
    if (!result.ok) return { ok: false, error: result.reason === 'forbidden' ? 'FORBIDDEN' : 'USER_NOT_FOUND' };
    return { ok: true, contact: result.registration.contact, expires: result.registration.expiresSec };
  }

  unregister(user: string, domain: string): boolean {
    return this.core.registrations.unregister(user, domain);
  }

  phone(user: string, domain: string, options: PhoneOptions): boolean {
    const reg = this.core.registrations.find(user, domain);
    if (!reg) return false;
    reg.phone = { ...reg.phone, ...options };
    return true;
  }

  inbound(call: InboundCall): string {
    return startInbound(this.core, call).uuid;
  }

  /** The legs that could be "the phone of `extension`" for a call. */
  private ringingLegs(uuid: string, extension?: string): Channel[] {
    const target = this.core.channel(uuid);
    const related = (ch: Channel): boolean =>
      ch === target || ch.caller === target || (target !== undefined && (ch.caller === target.twin || ch.caller?.twin === target)) || ch.vars.get('cc_member_session_uuid') === uuid;
    const matchesExt = (ch: Channel): boolean =>
      extension === undefined || ch.vars.get('dialed_user') === extension || (ch.vars.get('sip_contact_user') ?? '').startsWith(`${extension}-`) || ch.profile?.destinationNumber === extension;
    const legs = [...this.core.channels.values()].filter((ch) => ch.isUp && !ch.answered && ch.remoteAnswer !== undefined);
    const direct = legs.filter((ch) => related(ch) && matchesExt(ch));
    if (direct.length > 0) return direct;
    return extension === undefined ? [] : legs.filter(matchesExt);
  }

  /** The phone picks up: the ringing leg of the call (optionally: of that extension) answers. */
  answer(uuid: string, extension?: string): boolean {
    const target = this.core.channel(uuid);
    if (target?.isUp && !target.answered && target.remoteAnswer && extension === undefined) return target.remoteAnswer();
    const leg = this.ringingLegs(uuid, extension)[0];
    return leg?.remoteAnswer?.() ?? false;
  }

  /** The far end rejects a ringing leg (e.g. the phone declines: CALL_REJECTED / USER_BUSY). */
  reject(uuid: string, cause: string, extension?: string): boolean {
    const leg = this.ringingLegs(uuid, extension)[0];
    if (!leg) return false;
    leg.vars.set('sim_hangup_disposition', 'recv_refuse');
    this.core.hangup(leg, cause);
    return true;
  }

  dtmf(uuid: string, digits: string): boolean {
    const ch = this.core.channel(uuid);
    if (!ch?.isUp) return false;
    for (const digit of digits) {
      this.core.life.fire(ch, 'DTMF', { file: 'switch_channel.c', func: 'switch_channel_queue_dtmf', line: 525 }, {
        after: [
          ['DTMF-Digit', digit],
          ['DTMF-Duration', 2000],
          ['DTMF-Source', 'RTP'],
        ],
      });
      ch.dtmf += digit;
      ch.dtmfLog += digit;
    }
    for (const wake of ch.dtmfWaiters.splice(0)) wake();
    return true;
  }

  hangup(uuid: string, cause?: string): boolean {
    const ch = this.core.channel(uuid);
    if (!ch?.isUp) return false;
    ch.vars.set('sim_hangup_disposition', ch.answered ? 'recv_bye' : 'recv_cancel');
    this.core.hangup(ch, cause ?? 'NORMAL_CLEARING', true);
    return true;
  }

  addOutcome(rule: OutcomeRule): void {
    this.core.outcomes.add(rule);
  }

  clearOutcomes(): void {
    this.core.outcomes.clear();
  }

  state(): unknown {
    const core = this.core;
    const cc = core.callcenter;
    return {
      coreUuid: core.identity.coreUuid,
      channels: [...core.channels.values()]
        .filter((ch) => !ch.destroyed)
        .map((ch) => ({
          uuid: ch.uuid,
          name: ch.name,
          direction: ch.direction,
          state: ch.running,
          callState: ch.callState,
          answered: ch.answered,
          destination: ch.profile?.destinationNumber,
          callerIdNumber: ch.profile?.callerIdNumber,
          application: ch.app?.name,
          bridgedTo: ch.partner()?.uuid,
          variables: Object.fromEntries(ch.vars.entries()),
        })),
      registrations: core.registrations.list().map((r) => ({ user: r.user, domain: r.domain, contact: r.contact, expiresAt: r.expiresAt, phone: r.phone })),
      gateways: core.gateways.list().map((gw) => ({
        name: gw.name,
        profile: gw.profile,
        state: gw.state,
        status: gw.status,
        // What the REGISTER carries and where it goes, as sofia builds them from the params.
        register: { from: gw.settings.registerFrom, to: gw.settings.distinctTo ? gw.settings.registerTo : gw.settings.registerFrom, sentTo: registerTarget(gw), expires: gw.settings.expires },
        outboundProxy: gw.settings.outboundStickyProxy,
        callerIdInFrom: gw.settings.callerIdInFrom,
      })),
      callcenter: {
        queues: [...cc.queues.values()].map((q) => ({ name: q.name, strategy: q.strategy })),
        agents: [...cc.agents.values()],
        tiers: cc.tiers,
        members: cc.members.map((m) => ({ queue: m.queue, uuid: m.uuid, sessionUuid: m.sessionUuid, state: m.state, servingAgent: m.servingAgent })),
      },
      outcomes: core.outcomes.list(),
    };
  }
}
