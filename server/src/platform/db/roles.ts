import { hkdfSync } from 'node:crypto';

export const APP_ROLE = 'callcenter_app';
export const PLATFORM_ROLE = 'callcenter_platform';

export function deriveRolePassword(encryptionKey: string, role: string): string {
  const key = Buffer.from(encryptionKey, 'base64');
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `postgres-role:${role}`, 32)).toString('base64url');
}

/** The same server and database as the owner URL, logged in as another role. */
export function urlForRole(ownerUrl: string, role: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}
