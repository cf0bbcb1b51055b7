// SIP registrations of simulated phones on the "internal" profile. A REGISTER is checked against
// the directory (user + password) and fires what mod_sofia fires (sofia_reg.c,
// sofia_reg_handle_register_token): sofia::pre_register (the unauthenticated first REGISTER),
// sofia::register_attempt (with auth-result), then sofia::register or sofia::register_failure;
// an un-REGISTER ends with sofia::unregister, a lapsed registration with sofia::expire.
// Bindings are kept per Call-ID as in sofia's sip_registrations table: a phone that restarts
// registers with a new Call-ID while its old binding lives on until it expires, and the user's
// `max-registrations-per-extension` counts them (sofia_reg_parse_auth: 403 beyond it).
import { randomBytes } from 'node:crypto';
import type { TimerHandle } from '../clock.ts';
import type { DirectoryUser } from '../config/types.ts';
import type { SwitchCore } from '../core/core.ts';
import type { SwitchEvent } from '../events/event.ts';

export interface PhoneOptions {
  /** Answer incoming calls automatically after this many ms; undefined = answered via the control surface. */
  autoAnswerMs?: number;
  /** Reject every call with USER_BUSY (do not disturb). */
  busy?: boolean;
  /** Reject calls with USER_BUSY while already on a call. */
  busyWhenInUse?: boolean;
}

export interface Registration {
  user: string;
  domain: string;
  callId: string;
  contactUser: string;
  contact: string;
  networkIp: string;
  networkPort: number;
  userAgent: string;
  expiresSec: number;
  /** epoch seconds */
  expiresAt: number;
  phone: PhoneOptions;
  timer?: TimerHandle;
}

export interface RegisterRequest {
  user: string;
  domain: string;
  password: string;
  expires?: number;
  userAgent?: string;
  networkIp?: string;
  networkPort?: number;
  /** The REGISTER's Call-ID: a new one is a new binding (a restarted phone); unset = the user's newest binding refreshes. */
  callId?: string;
  phone?: PhoneOptions;
}

export type RegisterResult = { ok: true; registration: Registration } | { ok: false; reason: 'forbidden' | 'not-found' };

const FILE = 'sofia_reg.c';
const FUNC = 'sofia_reg_handle_register_token';

export class Registrations {
  private readonly regs = new Map<string, Registration>();
  private nextPort = 5070;

  constructor(private readonly core: SwitchCore) {}

  list(): Registration[] {
    return [...this.regs.values()];
  }

  /** The newest binding of a user (the one a call reaches). */
  find(user: string, domain: string): Registration | undefined {
    return this.bindingsOf(user, domain).at(-1);
  }

  bindingsOf(user: string, domain: string): Registration[] {
    return this.list().filter((r) => r.user === user && r.domain === domain);
  }

  byContact(contactUser: string, host: string): Registration | undefined {
    return this.list().find((r) => r.contactUser === contactUser && (r.networkIp === host || r.domain === host));
  }

  inUse(reg: Registration): boolean {
    return [...this.core.channels.values()].some((ch) => ch.vars.get('sip_contact_user') === reg.contactUser || ch.vars.get('dialed_user') === reg.user);
  }

  register(req: RegisterRequest): RegisterResult {
    const userKey = `${req.user}@${req.domain}`;
    const existing = req.callId === undefined ? this.find(req.user, req.domain) : this.regs.get(`${userKey}/${req.callId}`);
    const expires = req.expires ?? 3600;
    const base: Registration = existing ?? {
      user: req.user,
      domain: req.domain,
      callId: req.callId ?? randomBytes(8).toString('hex'),
      contactUser: `${req.user}-0x${randomBytes(6).toString('hex')}`,
      contact: '',
      networkIp: req.networkIp ?? '127.0.0.1',
      networkPort: req.networkPort ?? this.nextPort++,
      userAgent: req.userAgent ?? 'SimPhone/1.0',
      expiresSec: expires,
      expiresAt: 0,
      phone: {},
    };
    base.contact = `"" <sip:${base.contactUser}@${base.networkIp}:${base.networkPort}>`;
    base.phone = { ...base.phone, ...req.phone };
    const key = `${userKey}/${base.callId}`;
    const dirUser = this.core.config.users.get(userKey);
    this.fire('sofia::pre_register', 1810, (e) => this.common(e, base, expires, false));
    // Checked before the digest, so even the right password is refused (un-REGISTERs are not counted).
    const max = Number(dirUser?.params['max-registrations-per-extension'] ?? 0);
    const others = this.bindingsOf(req.user, req.domain).filter((r) => r.callId !== base.callId).length;
    const full = expires > 0 && max > 0 && others + 1 > max;
    const ok = dirUser !== undefined && !full && (dirUser.params.password ?? '') === req.password;
    this.fire('sofia::register_attempt', 1606, (e) => {
      this.common(e, base, expires, true);
      e.add('auth-result', ok ? 'RENEWED' : 'FORBIDDEN');
    });
    if (!ok) {
      this.fire('sofia::register_failure', 1799, (e) => {
        e.add('profile-name', 'internal').add('to-user', req.user).add('to-host', req.domain).add('network-ip', base.networkIp);
        e.add('user-agent', base.userAgent).add('profile-name', 'internal').add('network-port', base.networkPort).add('registration-type', 'REGISTER');
      });
      return { ok: false, reason: dirUser ? 'forbidden' : 'not-found' };
    }
    if (expires <= 0) {
      if (existing) this.unregisterBinding(key);
      return { ok: true, registration: base };
    }
    base.expiresSec = expires;
    base.expiresAt = Math.floor(this.core.clock.nowMicros() / 1_000_000) + expires;
    base.timer?.cancel();
    base.timer = this.core.clock.after(expires * 1000, () => this.expire(key));
    this.regs.set(key, base);
    this.fire('sofia::register', 2059, (e) => {
      e.add('profile-name', 'internal').add('from-user', base.user).add('from-host', base.domain);
      e.add('presence-hosts', base.domain).add('contact', base.contact).add('call-id', base.callId).add('rpid', 'unknown');
      e.add('status', 'Registered(UDP)').add('expires', expires).add('to-user', base.user).add('to-host', base.domain);
      e.add('network-ip', base.networkIp).add('network-port', base.networkPort).add('username', base.user).add('realm', base.domain);
      e.add('user-agent', base.userAgent);
      if (existing) e.add('update-reg', 'true');
      this.userVars(e, dirUser);
    });
    return { ok: true, registration: base };
  }

  /** Every binding of the user un-REGISTERs (Contact: *). */
  unregister(user: string, domain: string): boolean {
    const keys = [...this.regs.entries()].filter(([, r]) => r.user === user && r.domain === domain).map(([key]) => key);
    for (const key of keys) this.unregisterBinding(key);
    return keys.length > 0;
  }

  private unregisterBinding(key: string): void {
    const reg = this.regs.get(key);
    if (!reg) return;
    this.fire('sofia::pre_register', 1810, (e) => this.common(e, reg, 0, false));
    this.fire('sofia::register_attempt', 1606, (e) => {
      this.common(e, reg, 0, true);
      e.add('auth-result', 'RENEWED');
    });
    reg.timer?.cancel();
    this.regs.delete(key);
    this.fire('sofia::unregister', 2213, (e) => {
      e.add('profile-name', 'internal').add('username', reg.user).add('from-user', reg.user).add('from-host', reg.domain);
      e.add('contact', reg.contact).add('call-id', reg.callId).add('rpid', 'unknown').add('realm', reg.domain);
      e.add('network-ip', reg.networkIp).add('network-port', reg.networkPort).add('user-agent', reg.userAgent).add('expires', 0);
      this.userVars(e, this.core.config.users.get(`${reg.user}@${reg.domain}`));
    });
  }

  /**
   * `sofia profile internal flush_inbound_reg [<call_id>|<[user]@host>]`: without a match every
   * registration (sofia_reg_check_expire), otherwise those whose call-id is the argument or whose
   * user and host match it, a missing user matching every user of the host
   * (sofia_reg_expire_call_id). Each ends as a lapsed one does, with sofia::expire.
   */
  flush(match?: string): number {
    let keys = [...this.regs.keys()];
    if (match !== undefined) {
      const at = match.indexOf('@');
      const user = at >= 0 ? match.slice(0, at) : '';
      const host = (at >= 0 ? match.slice(at + 1) : match) || 'none';
      keys = keys.filter((key) => {
        const reg = this.regs.get(key)!;
        return reg.callId === match || (reg.domain === host && (user === '' || reg.user === user));
      });
    }
    for (const key of keys) this.expire(key);
    return keys.length;
  }

  /** sofia_reg_del_callback: the registration lapsed (or was flushed). */
  private expire(key: string): void {
    const reg = this.regs.get(key);
    if (!reg) return;
    reg.timer?.cancel();
    this.regs.delete(key);
    const event = this.core.bus.create('CUSTOM', { file: FILE, func: 'sofia_reg_del_callback', line: 726 }, 'sofia::expire');
    event.add('profile-name', 'internal').add('call-id', reg.callId).add('user', reg.user).add('username', reg.user);
    event.add('host', reg.domain).add('contact', reg.contact).add('expires', reg.expiresAt).add('user-agent', reg.userAgent);
    event.add('realm', reg.domain).add('network-ip', reg.networkIp).add('network-port', reg.networkPort);
    this.core.bus.fire(event);
  }

  stop(): void {
    for (const reg of this.regs.values()) reg.timer?.cancel();
  }

  private fire(subclass: string, line: number, fill: (event: SwitchEvent) => void): void {
    const event = this.core.bus.create('CUSTOM', { file: FILE, func: FUNC, line }, subclass);
    fill(event);
    this.core.bus.fire(event);
  }

  private common(e: SwitchEvent, reg: Registration, expires: number, withAuth: boolean): void {
    e.add('profile-name', 'internal').add('from-user', reg.user).add('from-host', reg.domain).add('contact', reg.contact);
    e.add('call-id', reg.callId).add('rpid', 'unknown').add('status', 'Registered(UDP)').add('expires', expires);
    e.add('to-user', reg.user).add('to-host', reg.domain).add('network-ip', reg.networkIp).add('network-port', reg.networkPort);
    if (withAuth) e.add('username', reg.user).add('realm', reg.domain);
    e.add('user-agent', reg.userAgent);
  }

  /** The directory user merged into register/unregister events (v_event). */
  private userVars(e: SwitchEvent, user: DirectoryUser | undefined): void {
    if (!user) return;
    if (user.numberAlias) e.add('sip_number_alias', user.numberAlias);
    e.add('sip_auth_username', user.id).add('sip_auth_realm', user.domain);
    if (user.numberAlias) e.add('number_alias', user.numberAlias);
    e.add('user_name', user.id).add('domain_name', user.domain);
    for (const [name, value] of user.variables) e.add(name, value);
  }
}
