// Whether phones are shown the registrar the switch really listens on. SIP_REGISTRAR_HOST defaults
// to the event socket's host, which is wrong when the event socket listens on 127.0.0.1 and the
// stock SIP profiles bind `$${local_ip_v4}`; at each connect the platform asks the switch where its
// `internal` profile listens and warns when the console would send phones elsewhere (decision 0075).
import { isIP } from 'node:net';
import type { Logger } from 'pino';
import type { EslClient } from '../../platform/switch/esl-client.ts';

/** Pure: the `internal` profile's address from `sofia status profile internal` (its URL line). */
export function profileSipAddress(status: string): { host: string; port: number } | null {
  const url = /^URL\s+sip:[^@\s]*@([^:\s;]+):(\d+)/m.exec(status);
  return url ? { host: url[1]!, port: Number(url[2]) } : null;
}

/**
 * Pure: whether `registrar` is not where the profile listens. A host name is not judged (it may
 * resolve to the profile's address), nor a profile bound to every address.
 */
export function registrarMismatch(registrar: { host: string; port: number }, profile: { host: string; port: number }): boolean {
  if (isIP(registrar.host) === 0 || profile.host === '0.0.0.0' || profile.host === '::') return false;
  return registrar.host !== profile.host || registrar.port !== profile.port;
}

export async function warnRegistrarMismatch(esl: Pick<EslClient, 'api'>, log: Logger, registrar: { host: string; port: number }): Promise<void> {
  const status = await esl.api('sofia status profile internal').catch(() => '');
  const profile = profileSipAddress(status);
  if (!profile || !registrarMismatch(registrar, profile)) return;
  log.warn(
    { registrar: `${registrar.host}:${registrar.port}`, profile: `${profile.host}:${profile.port}` },
    'phones are shown a registrar where the switch’s internal SIP profile does not listen: set SIP_REGISTRAR_HOST and SIP_REGISTRAR_PORT (docs/freeswitch.md)',
  );
}
