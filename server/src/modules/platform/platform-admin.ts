// The first platform super admin, created only while no platform user exists; an existing one is
// never changed (not even its password) by the environment.
import type { Logger } from 'pino';
import { generatePassword, hashPassword } from '../../platform/auth/passwords.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';

export const DEFAULT_PLATFORM_ADMIN_EMAIL = 'admin@localhost';

export async function ensurePlatformAdmin(
  db: DatabaseHandles,
  options: { email: string | undefined; password: string | undefined },
  log: Logger,
): Promise<{ created: boolean; email?: string; generatedPassword?: string }> {
  const email = (options.email ?? DEFAULT_PLATFORM_ADMIN_EMAIL).toLowerCase();
  const password = options.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.withPlatform(async (tx) => {
    const existing = await tx.selectFrom('users').select('id').where('platformRole', 'is not', null).limit(1).executeTakeFirst();
    if (existing) return false;
    await tx
      .insertInto('users')
      .values({ email, passwordHash, platformRole: 'platform_super_admin', mustChangePassword: options.password === undefined })
      .onConflict((oc) => oc.column('email').doUpdateSet({ platformRole: 'platform_super_admin' }))
      .execute();
    return true;
  });
  if (!created) return { created: false };
  log.info({ email }, 'platform super admin created');
  return options.password === undefined ? { created, email, generatedPassword: password } : { created, email };
}
