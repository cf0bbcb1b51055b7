// A tenant's telephony domain is the host part of its phones' SIP addresses (user@domain) and the
// name of its directory domain on the switch, so it must be a host name (RFC 1123): labels of 1 to
// 63 letters, digits and hyphens, not starting or ending with a hyphen, at most 253 characters, at
// least two labels, and a top label that is not all digits (that would read as an IPv4 address).
// Pure.

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Why `domain` is not a host name, or null when it is one. */
export function telephonyDomainProblem(domain: string): string | null {
  if (domain.length === 0 || domain.length > 253) return 'must have 1 to 253 characters';
  const labels = domain.split('.');
  if (labels.length < 2) return 'must have at least two labels (name.example)';
  const bad = labels.find((label) => !LABEL.test(label));
  if (bad !== undefined) return `label "${bad}" must have 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen`;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'must not end with an all-digit label';
  return null;
}

/** One host name label from a tenant code: lowercase, anything else than a letter or digit becomes a hyphen. */
export function hostLabel(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** The domain proposed for a new tenant: `<code as a host label>.<base domain>`. */
export function suggestTelephonyDomain(code: string, baseDomain: string): string {
  const label = hostLabel(code);
  return label ? `${label}.${baseDomain.toLowerCase()}` : '';
}
