// Secrets at rest (SIP passwords, trunk passwords, provider API keys): AES-256-GCM with a random
// 96-bit nonce per value. Stored as `v1:<nonce>:<tag>:<ciphertext>` (base64url parts) so the
// format can evolve and a tampered value fails to decrypt instead of yielding garbage.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64');
    if (this.key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes');
  }

  seal(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
  }

  open(sealed: string): string {
    const [version, nonce, tag, ciphertext] = sealed.split(':');
    if (version !== VERSION || !nonce || !tag || ciphertext === undefined) throw new Error('Unrecognised sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The visible hint of a secret (e.g. an API key preview): never more than its last 4 characters. */
export function secretPreview(secret: string): string {
  return secret.length <= 4 ? '****' : `****${secret.slice(-4)}`;
}
