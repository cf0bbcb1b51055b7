import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { platformUsersApi, platformUsersKey, type UserStatus } from './platform-users.api.ts';

export function PlatformUsersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: platformUsersKey, queryFn: platformUsersApi.list });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) =>
      platformUsersApi.setStatus(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformUsersKey }),
  });

  return (
    <section>
      <h1>{t('platformUsers.title')}</h1>
      <ErrorMessage error={users.error ?? setStatus.error} />
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
                <td>
                  {user.status === 'ACTIVE' ? (
                    <button
                      type="button"
                      className="danger"
                      disabled={setStatus.isPending}
                      aria-label={t('platformUsers.disableUser', { email: user.email })}
                      onClick={() => setStatus.mutate({ id: user.id, status: 'DISABLED' })}
                    >
                      {t('platformUsers.disable')}
                    </button>
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
