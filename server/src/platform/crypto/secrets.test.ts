import { describe, expect, it } from 'vitest';
import { SecretBox, secretPreview } from './secrets.ts';

const box = new SecretBox(Buffer.alloc(32, 9).toString('base64'));

describe('SecretBox', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const sealed = box.seal('s3cret-SIP-pässword');
    expect(sealed).not.toContain('s3cret');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(box.open(sealed)).toBe('s3cret-SIP-pässword');
  });

  it('uses a fresh nonce each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('value');
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 1).toString('base64')).open(sealed)).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new SecretBox(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('previews at most the last four characters', () => {
    expect(secretPreview('sk-abcdef123456')).toBe('****3456');
    expect(secretPreview('abc')).toBe('****');
  });
});
