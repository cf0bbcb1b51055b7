// Pure: is a host (name or address, optional port) on the operator's own network, and is it listed
// as allowed anyway? One rule for every outbound target a tenant may set (trunks now, AI providers
// later). Names are judged by their literal form, never resolved (CONTRACT: TRUNK_PRIVATE_HOSTS).
import ipaddr from 'ipaddr.js';

/** Address ranges a tenant may not point the platform at: loopback, link-local, private and kin. */
const PRIVATE_RANGES = new Set([
  'unspecified',
  'loopback',
  'linkLocal',
  'private',
  'uniqueLocal',
  'carrierGradeNat',
]);

export interface HostPort {
  /** Lower-case name without a trailing dot, or the address in its normal form. */
  host: string;
  port: number | null;
  address: ipaddr.IPv4 | ipaddr.IPv6 | null;
}

/** Splits `host[:port]`, `[v6]:port` or a bare IPv6 address; addresses in any form ipaddr.js reads (127.1, 0x7f.1). */
export function parseHostPort(value: string): HostPort {
  let host = value.trim();
  let port: number | null = null;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(host);
  if (bracketed) {
    host = bracketed[1]!;
    port = bracketed[2] === undefined ? null : Number(bracketed[2]);
  } else if (host.split(':').length === 2) {
    const [name, digits] = host.split(':') as [string, string];
    host = name;
    port = /^\d{1,5}$/.test(digits) ? Number(digits) : null;
  }
  host = host.toLowerCase().replace(/\.$/, '');
  let address: ipaddr.IPv4 | ipaddr.IPv6 | null = null;
  if (ipaddr.isValid(host)) {
    const parsed = ipaddr.parse(host);
    // ::ffff:127.0.0.1 is 127.0.0.1 to the kernel.
    address =
      parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
        ? (parsed as ipaddr.IPv6).toIPv4Address()
        : parsed;
    host = address.toString();
  }
  return { host, port, address };
}

/** True for loopback, link-local and private addresses and for `localhost` names. */
export function isPrivateHost(value: string): boolean {
  const { host, address } = parseHostPort(value);
  if (address) return PRIVATE_RANGES.has(address.range());
  return host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.localdomain';
}

/** The comma-separated `host[:port]` list an operator allows although private (empty entries ignored). */
export function parseAllowList(value: string | undefined): HostPort[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map(parseHostPort);
}

/**
 * May a tenant use this host? Public ones yes; private ones only when listed (an entry without a
 * port allows every port; `defaultPort` is the port a target without one is reached on).
 */
export function hostAllowed(value: string, allowList: readonly HostPort[], defaultPort: number): boolean {
  if (!isPrivateHost(value)) return true;
  const target = parseHostPort(value);
  const port = target.port ?? defaultPort;
  return allowList.some(
    (entry) => entry.host === target.host && (entry.port === null || entry.port === port),
  );
}
