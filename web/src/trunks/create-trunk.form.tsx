import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { DTMF_MODES, TRANSPORTS, trunksApi } from './trunks.api.ts';

interface CreateTrunkFormProps {
  onCreated: () => void;
  onCancel: () => void;
}

export function CreateTrunkForm({ onCreated, onCancel }: CreateTrunkFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [host, setHost] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [register, setRegister] = useState(false);
  const [transport, setTransport] = useState<(typeof TRANSPORTS)[number]>('udp');
  const [dtmfMode, setDtmfMode] = useState<(typeof DTMF_MODES)[number]>('rfc2833');

  const create = useMutation({
    mutationFn: trunksApi.create,
    onSuccess: async () => {
      setPassword('');
      onCreated();
      await queryClient.invalidateQueries({ queryKey: ['trunks'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim(),
      host: host.trim(),
      register,
      transport,
      dtmfMode,
      ...(username.trim() && { username: username.trim() }),
      ...(password && { password }),
    });
  };

  return (
    <form className="form panel" onSubmit={submit} aria-label={t('trunks.createTitle')}>
      <h2>{t('trunks.createTitle')}</h2>
      <div className="form-grid">
        <label>
          <span>{t('common.name')}</span>
          <input
            required
            pattern="[a-z0-9][a-z0-9_]{0,39}"
            title={t('trunks.nameHint')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label>
          <span>{t('trunks.host')}</span>
          <input required value={host} onChange={(event) => setHost(event.target.value)} />
        </label>
        <label>
          <span>{t('trunks.username')}</span>
          <input autoComplete="off" value={username} onChange={(event) => setUsername(event.target.value)} />
        </label>
        <label>
          <span>{t('trunks.password')}</span>
          <input
            type="password"
            autoComplete="new-password"
            title={t('trunks.passwordHint')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <label>
          <span>{t('trunks.transport')}</span>
          <select
            value={transport}
            onChange={(event) => setTransport(event.target.value as (typeof TRANSPORTS)[number])}
          >
            {TRANSPORTS.map((option) => (
              <option key={option} value={option}>
                {option.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('trunks.dtmfMode')}</span>
          <select
            value={dtmfMode}
            onChange={(event) => setDtmfMode(event.target.value as (typeof DTMF_MODES)[number])}
          >
            {DTMF_MODES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={register} onChange={(event) => setRegister(event.target.checked)} />
          <span>{t('trunks.register')}</span>
        </label>
      </div>
      <p className="muted">{t('trunks.passwordHint')}</p>
      <ErrorMessage error={create.error} />
      <FormActions saving={create.isPending} submitLabel={t('trunks.create')} onCancel={onCancel} />
    </form>
  );
}
