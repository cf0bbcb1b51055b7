import { describe, expect, it } from 'vitest';
import { isConsoleNavigation } from './console.ts';

describe('isConsoleNavigation', () => {
  const html = 'text/html,application/xhtml+xml,*/*;q=0.8';
  it('serves the console to a browser navigation on a path the API also has', () => {
    expect(isConsoleNavigation('GET', '/tenants', html, undefined)).toBe(true);
  });
  it('leaves API calls alone: bearer token, JSON accept, or another method', () => {
    expect(isConsoleNavigation('GET', '/tenants', html, 'Bearer x')).toBe(false);
    expect(isConsoleNavigation('GET', '/tenants', 'application/json', undefined)).toBe(false);
    expect(isConsoleNavigation('POST', '/tenants', html, undefined)).toBe(false);
  });
  it('never answers assets or documentation with the console page', () => {
    expect(isConsoleNavigation('GET', '/assets/app.js', html, undefined)).toBe(false);
    expect(isConsoleNavigation('GET', '/docs', html, undefined)).toBe(false);
  });
});
