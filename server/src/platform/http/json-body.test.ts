import { describe, expect, it } from 'vitest';
import { decodeUtf8, jsonDepthExceeds } from './json-body.ts';

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays, and stops past the limit', () => {
    expect(jsonDepthExceeds('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(jsonDepthExceeds('[]'.repeat(1000), 1)).toBe(false); // siblings, not nesting
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[\\\\"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\\\",  "b":[[]]}', 2)).toBe(true);
  });
});

describe('decodeUtf8', () => {
  it('refuses bytes that are not UTF-8 instead of replacing them', () => {
    expect(decodeUtf8(Buffer.from('ação'))).toBe('ação');
    expect(decodeUtf8(Buffer.from([0x61, 0xff]))).toBeNull();
    expect(decodeUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBeNull(); // an encoded surrogate
  });
});
