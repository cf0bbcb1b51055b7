import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TENANT_ROLE_NAMES, type TenantRoleName } from '@callcenter/rules/permissions';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { usersApi, type InvitationResult } from './users.api.ts';

interface InviteUserFormProps {
  onInvited: (result: InvitationResult) => void;
  onCancel: () => void;
}

export function InviteUserForm({ onInvited, onCancel }: InviteUserFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<TenantRoleName>('agent');

  const invite = useMutation({
    mutationFn: usersApi.invite,
    onSuccess: async (result) => {
      onInvited(result);
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role, ...(name.trim() && { name: name.trim() }) });
  };

  return (
    <form className="form panel" onSubmit={submit} aria-label={t('users.inviteTitle')}>
      <h2>{t('users.inviteTitle')}</h2>
      <div className="form-grid">
        <label>
          <span>{t('common.email')}</span>
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          <span>{t('common.name')}</span>
          <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          <span>{t('users.role')}</span>
          <select value={role} onChange={(event) => setRole(event.target.value as TenantRoleName)}>
            {TENANT_ROLE_NAMES.map((option) => (
              <option key={option} value={option}>
                {t(`roles.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorMessage error={invite.error} />
      <FormActions saving={invite.isPending} submitLabel={t('users.invite')} onCancel={onCancel} />
    </form>
  );
}
