import { describe, expect, it } from 'vitest';
import { suggestTelephonyDomain } from './tenants.api.ts';

describe('suggestTelephonyDomain', () => {
  it('joins the code and the platform base domain', () => {
    expect(suggestTelephonyDomain('acme', 'voice.example.com')).toBe('acme.voice.example.com');
    expect(suggestTelephonyDomain(' Acme ', 'voice.example.com')).toBe('acme.voice.example.com');
  });

  it('suggests nothing without a code or a base domain', () => {
    expect(suggestTelephonyDomain('', 'voice.example.com')).toBe('');
    expect(suggestTelephonyDomain('acme', null)).toBe('');
  });
});
