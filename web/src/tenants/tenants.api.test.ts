import { describe, expect, it } from 'vitest';
import { suggestTelephonyDomain, usageRatio } from './tenants.api.ts';

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

describe('usageRatio', () => {
  it('is used over limit for measured, limited counters', () => {
    expect(usageRatio({ used: 3, limit: 4, tracked: true })).toBe(0.75);
    expect(usageRatio({ used: 6, limit: 4, tracked: true })).toBe(1.5);
  });

  it('is full at a zero limit and unknown when unlimited or not measured', () => {
    expect(usageRatio({ used: 0, limit: 0, tracked: true })).toBe(1);
    expect(usageRatio({ used: 2, limit: null, tracked: true })).toBeNull();
    expect(usageRatio({ used: 0, limit: 10, tracked: false })).toBeNull();
  });
});
