import { describe, expect, it } from 'vitest';
import { hostLabel, suggestTelephonyDomain, telephonyDomainProblem } from './telephony-domain.ts';

describe('telephony domain', () => {
  it('accepts host names', () => {
    for (const domain of ['acme.pbx.localhost', 'acme-sp.voice.example.com', 'a.b', `${'a'.repeat(63)}.example`, '1acme.example']) expect(telephonyDomainProblem(domain), domain).toBeNull();
  });

  it('refuses what is not a host name (RFC 1123)', () => {
    for (const domain of ['', 'acme_sp.pbx.localhost', 'localhost', '-acme.example', 'acme-.example', 'acme..example', 'acme.example.', `${'a'.repeat(64)}.example`, 'acme sp.example', '10.0.0.1', 'acmé.example', `${'a.'.repeat(127)}ab`]) {
      expect(telephonyDomainProblem(domain), domain).not.toBeNull();
    }
  });

  it('suggests a host name from any code', () => {
    expect(suggestTelephonyDomain('acme_sp', 'pbx.localhost')).toBe('acme-sp.pbx.localhost');
    expect(suggestTelephonyDomain(' São Paulo__01 ', 'Voice.Example.com')).toBe('sao-paulo-01.voice.example.com');
    expect(suggestTelephonyDomain('acme-', 'pbx.localhost')).toBe('acme.pbx.localhost');
    expect(suggestTelephonyDomain('___', 'pbx.localhost')).toBe('');
    expect(hostLabel('x'.repeat(70))).toHaveLength(63);
    for (const code of ['acme_sp', 'a-b-c', 'Ünïcödé co']) expect(telephonyDomainProblem(suggestTelephonyDomain(code, 'pbx.localhost'))).toBeNull();
  });
});
