import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api-client.ts';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { OneTimePassword } from '../app/one-time-password.tsx';

/** Where a user's password is reset: the tenant's members or, for a platform admin, any account. */
export type ResetScope = 'tenant' | 'platform';

const resetPath = (scope: ResetScope, id: string) =>
  `${scope === 'platform' ? '/platform' : ''}/users/${encodeURIComponent(id)}/password-reset`;

/**
 * An administrator's password reset: a confirmed button per row and, once done, the generated
 * password shown once (the user's sessions have ended and a change is due at the next login).
 */
export function usePasswordReset(scope: ResetScope) {
  const { t } = useTranslation();
  const [done, setDone] = useState<{ email: string; password: string } | null>(null);
  const reset = useMutation({
    mutationFn: async (user: { id: string; email: string }) => ({
      email: user.email,
      ...(await api<{ password: string }>(resetPath(scope, user.id), { method: 'POST' })),
    }),
    onSuccess: setDone,
  });

  const button = (user: { id: string; email: string }) => (
    <ConfirmButton
      label={t('passwordReset.reset')}
      ariaLabel={t('passwordReset.resetOf', { email: user.email })}
      confirmLabel={t('passwordReset.confirm', { email: user.email })}
      warning={t('passwordReset.warning')}
      disabled={reset.isPending}
      onConfirm={() => reset.mutate(user)}
    />
  );
  const panel = done && <OneTimePassword account={done.email} password={done.password} onDismiss={() => setDone(null)} />;
  return { button, panel, error: reset.error };
}
