import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TENANT_ROLE_NAMES,
  isTenantRole,
  type TenantRoleName,
} from '@callcenter/rules/permissions';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { OneTimePassword } from '../app/one-time-password.tsx';
import { useFormat } from '../app/use-format.ts';
import { InviteUserForm } from './invite-user.form.tsx';
import { usePasswordReset } from './password-reset.tsx';
import { usersApi, usersKey, type InvitationResult } from './users.api.ts';

export function UsersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: usersKey(me?.tenantId ?? null), queryFn: usersApi.list });
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<InvitationResult | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: TenantRoleName }) => usersApi.changeRole(id, role),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: usersApi.remove, onSettled: refresh });
  const busy = changeRole.isPending || remove.isPending;
  const passwordReset = usePasswordReset('tenant');

  return (
    <section>
      <div className="page-title">
        <h1>{t('users.title')}</h1>
        {!inviting && !invited && (
          <button type="button" onClick={() => setInviting(true)}>
            {t('users.inviteButton')}
          </button>
        )}
      </div>
      {inviting && (
        <InviteUserForm
          onCancel={() => setInviting(false)}
          onInvited={(result) => {
            setInviting(false);
            setInvited(result);
          }}
        />
      )}
      {invited && (
        <OneTimePassword
          account={invited.user.email}
          password={invited.password}
          onDismiss={() => setInvited(null)}
        />
      )}
      {passwordReset.panel}
      <ErrorMessage error={users.error ?? changeRole.error ?? remove.error ?? passwordReset.error} />
      {changeRole.isSuccess && (
        <SuccessMessage>
          {t('users.roleChanged', { email: changeRole.data.email, role: t(`roles.${changeRole.data.role}`) })}
        </SuccessMessage>
      )}
      {remove.isSuccess && <SuccessMessage>{t('users.removed')}</SuccessMessage>}
      {users.isPending ? (
        <Loading />
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('common.email')}</th>
              <th>{t('common.name')}</th>
              <th>{t('users.role')}</th>
              <th>{t('common.status')}</th>
              <th>{t('common.createdAt')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.map((user) => (
              <tr key={user.id}>
                <td>
                  {user.email}
                  {user.id === me?.sub && <span className="badge">{t('users.you')}</span>}
                  {user.mustChangePassword && (
                    <span className="badge pending">{t('users.passwordPending')}</span>
                  )}
                </td>
                <td>{user.name}</td>
                <td>
                  <select
                    aria-label={t('users.roleOf', { email: user.email })}
                    value={user.role}
                    disabled={busy}
                    onChange={(event) => {
                      if (isTenantRole(event.target.value)) {
                        remove.reset();
                        changeRole.mutate({ id: user.id, role: event.target.value });
                      }
                    }}
                  >
                    {TENANT_ROLE_NAMES.map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <span className={`badge ${user.status.toLowerCase()}`}>{t(`status.${user.status}`)}</span>
                </td>
                <td>{format.dateTime(user.createdAt)}</td>
                <td className="row-actions">
                  {user.id !== me?.sub && passwordReset.button(user)}
                  <ConfirmButton
                    label={t('users.remove')}
                    confirmLabel={t('users.confirmRemove')}
                    disabled={busy}
                    onConfirm={() => {
                      changeRole.reset();
                      remove.mutate(user.id);
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
