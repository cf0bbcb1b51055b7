import { describe, expect, it } from 'vitest';
import { summarizeDetails } from './audit.api.ts';

describe('summarizeDetails', () => {
  it('renders objects as key: value pairs', () => {
    expect(summarizeDetails({ code: 'acme', plan: null, roles: ['agent'] })).toBe(
      'code: acme, plan: null, roles: ["agent"]',
    );
  });

  it('renders nothing for empty details', () => {
    expect(summarizeDetails(null)).toBe('');
    expect(summarizeDetails({})).toBe('');
  });

  it('renders scalars as they are', () => {
    expect(summarizeDetails('note')).toBe('note');
  });
});
