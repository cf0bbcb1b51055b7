import { describe, expect, it } from 'vitest';
import { suggestTelephonyDomain } from './tenants.api.ts';

describe('suggestTelephonyDomain', () => {
  it('joins the code and the platform base domain', () => {
    expect(suggestTelephonyDomain('acme', 'voice.example.com')).toBe('acme.voice.example.com');
    expect(suggestTelephonyDomain(' Acme ', 'voice.example.com')).toBe('acme.voice.example.com');
  });

  it('suggests a host name: no underscore or other character a host name cannot have', () => {
    expect(suggestTelephonyDomain('acme_sp', 'pbx.localhost')).toBe('acme-sp.pbx.localhost');
    expect(suggestTelephonyDomain('São Paulo__01-', 'Voice.Example.com')).toBe('sao-paulo-01.voice.example.com');
    expect(suggestTelephonyDomain('___', 'pbx.localhost')).toBe('');
  });

  it('suggests nothing without a code or a base domain', () => {
    expect(suggestTelephonyDomain('', 'voice.example.com')).toBe('');
    expect(suggestTelephonyDomain('acme', null)).toBe('');
  });
});
