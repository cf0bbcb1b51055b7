// Fixed, test-only secrets: tests must be repeatable and never read a developer's DATA_DIR.
import { SecretBox } from '../src/platform/crypto/secrets.ts';
import { APP_ROLE, PLATFORM_ROLE, deriveRolePassword } from '../src/platform/db/roles.ts';

export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

export function testRolePasswords(encryptionKey: string): Record<string, string> {
  return {
    [APP_ROLE]: deriveRolePassword(encryptionKey, APP_ROLE),
    [PLATFORM_ROLE]: deriveRolePassword(encryptionKey, PLATFORM_ROLE),
  };
}

/**
 * A SIP password sealed with the tests' key, for extensions inserted straight into the table: the
 * config sync opens every extension's secret, and one it cannot open stops it for the whole app.
 */
export function sealedTestPassword(password = 'paper-phone-password'): string {
  return new SecretBox(TEST_ENCRYPTION_KEY).seal(password);
}
