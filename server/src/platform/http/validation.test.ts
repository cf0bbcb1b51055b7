import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableText } from './validation.ts';

describe('text no column can hold', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones and ordinary text', () => {
    expect(unstorableText('a\u0000b')).toMatch(/NUL/);
    expect(unstorableText('\ud800')).toMatch(/surrogate/);
    expect(unstorableText('x\udc00')).toMatch(/surrogate/);
    expect(unstorableText('\ud800\ud800\udc00')).toMatch(/surrogate/);
    expect(unstorableText('emoji 😀, ação, 日本')).toBeNull();
    expect(unstorableText('')).toBeNull();
  });

  it('finds it anywhere in a parsed value, keys included, and says where', () => {
    expect(findUnstorableText({ name: 'ok', options: [{ label: 'ok' }, { label: 'b\u0000' }] })).toEqual({
      path: '/options/1/label',
      message: 'must not contain the NUL character',
    });
    expect(findUnstorableText({ ['k\ud800']: 1 })?.message).toMatch(/^a key must not contain/);
    expect(findUnstorableText({ a: [1, true, null, { b: 'fine' }] })).toBeNull();
    expect(findUnstorableText('\u0000')).toEqual({ path: '', message: 'must not contain the NUL character' });
  });
});
