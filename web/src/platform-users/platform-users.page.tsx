import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { usePasswordReset } from '../users/password-reset.tsx';
import { platformUsersApi, platformUsersKey, type UserStatus } from './platform-users.api.ts';

export function PlatformUsersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: platformUsersKey, queryFn: platformUsersApi.list });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) =>
      platformUsersApi.setStatus(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformUsersKey }),
  });

  const passwordReset = usePasswordReset('platform');

  return (
    <section>
      <h1>{t('platformUsers.title')}</h1>
      {passwordReset.panel}
      <ErrorMessage error={users.error ?? setStatus.error ?? passwordReset.error} />
      {users.isPending ? (
        <Loading />
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('common.email')}</th>
              <th>{t('common.name')}</th>
              <th>{t('common.status')}</th>
              <th>{t('platformUsers.platformRole')}</th>
              <th>{t('platformUsers.memberships')}</th>
              <th>{t('platformUsers.lastLogin')}</th>
              <th>{t('common.createdAt')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.map((user) => (
              <tr key={user.id}>
                <td>
                  {user.email}
                  {user.mustChangePassword && (
                    <span className="badge pending">{t('users.passwordPending')}</span>
                  )}
                </td>
                <td>{user.name}</td>
                <td>
                  <span className={`badge ${user.status.toLowerCase()}`}>{t(`status.${user.status}`)}</span>
                </td>
                <td>
                  {user.platformRole
                    ? t(`roles.${user.platformRole}`, { defaultValue: user.platformRole })
                    : '—'}
                </td>
                <td>
                  {user.memberships.length === 0 ? (
                    '—'
                  ) : (
                    <ul className="plain">
                      {user.memberships.map((membership) => (
                        <li key={membership.tenantId}>
                          {membership.tenantName} ({membership.tenantCode}) ·{' '}
                          {t(`roles.${membership.role}`, { defaultValue: membership.role })}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>{user.lastLoginAt ? format.dateTime(user.lastLoginAt) : t('platformUsers.never')}</td>
                <td>{format.dateTime(user.createdAt)}</td>
                <td className="row-actions">
                  {user.id !== me?.sub && passwordReset.button(user)}
                  {user.id === me?.sub ? (
                    // The server refuses disabling yourself (CANNOT_DISABLE_SELF): no button to press.
                    <span className="badge">{t('platformUsers.you')}</span>
                  ) : user.status === 'ACTIVE' ? (
                    <ConfirmButton
                      label={t('platformUsers.disable')}
                      ariaLabel={t('platformUsers.disableUser', { email: user.email })}
                      confirmLabel={t('platformUsers.confirmDisable', { email: user.email })}
                      disabled={setStatus.isPending}
                      onConfirm={() => setStatus.mutate({ id: user.id, status: 'DISABLED' })}
                    />
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      disabled={setStatus.isPending}
                      aria-label={t('platformUsers.enableUser', { email: user.email })}
                      onClick={() => setStatus.mutate({ id: user.id, status: 'ACTIVE' })}
                    >
                      {t('platformUsers.enable')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
