// Fixed, test-only secrets: tests must be repeatable and never read a developer's DATA_DIR.
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
