import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { Field } from '../app/field.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { DTMF_MODES, TRANSPORTS, trunksApi, type Trunk, type TrunkInput } from './trunks.api.ts';

interface CreateTrunkFormProps {
  /** Editing this trunk; creating a new one without it. */
  trunk?: Trunk;
  onCreated: () => void;
  onCancel: () => void;
}

/** Creates a trunk, or fixes one in place (PATCH): the password is write-only, empty keeps it. */
export function CreateTrunkForm({ trunk, onCreated, onCancel }: CreateTrunkFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(trunk?.name ?? '');
  const [host, setHost] = useState(trunk?.host ?? '');
  const [username, setUsername] = useState(trunk?.username ?? '');
  const [password, setPassword] = useState('');
  const [register, setRegister] = useState(trunk?.register ?? false);
  const [transport, setTransport] = useState<(typeof TRANSPORTS)[number]>((trunk?.transport as (typeof TRANSPORTS)[number]) ?? 'udp');
  const [dtmfMode, setDtmfMode] = useState<(typeof DTMF_MODES)[number]>((trunk?.dtmfMode as (typeof DTMF_MODES)[number]) ?? 'rfc2833');
  const [realm, setRealm] = useState(trunk?.realm ?? '');
  const [fromUser, setFromUser] = useState(trunk?.fromUser ?? '');
  const [fromDomain, setFromDomain] = useState(trunk?.fromDomain ?? '');
  const [registerProxy, setRegisterProxy] = useState(trunk?.registerProxy ?? '');
  const [outboundProxy, setOutboundProxy] = useState(trunk?.outboundProxy ?? '');
  const [expireSeconds, setExpireSeconds] = useState<number | null>(trunk?.expireSeconds ?? null);
  const [callerIdInFrom, setCallerIdInFrom] = useState(trunk?.callerIdInFrom ?? true);
  const [cpsLimit, setCpsLimit] = useState<number | null>(trunk?.cpsLimit ?? null);

  const create = useMutation({
    mutationFn: (input: TrunkInput) => (trunk ? trunksApi.update(trunk.id, input) : trunksApi.create(input)),
    onSuccess: async () => {
      setPassword('');
      onCreated();
      await queryClient.invalidateQueries({ queryKey: ['trunks'] });
    },
  });

  const optional = (value: string) => (value.trim() ? value.trim() : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const settings = {
      realm: optional(realm),
      fromUser: optional(fromUser),
      fromDomain: optional(fromDomain),
      registerProxy: optional(registerProxy),
      outboundProxy: optional(outboundProxy),
      expireSeconds,
      callerIdInFrom,
      cpsLimit,
    };
    create.mutate({
      name: name.trim(),
      host: host.trim(),
      register,
      transport,
      dtmfMode,
      ...(trunk ? { username: optional(username), ...settings } : { ...(username.trim() && { username: username.trim() }), ...settings }),
      ...(password && { password }),
    });
  };
  const title = trunk ? t('trunkEdit.editTitle', { name: trunk.name }) : t('trunks.createTitle');

  return (
    <form className="form panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <div className="form-grid">
        <label>
          <span>{t('common.name')}</span>
          <input
            required
            maxLength={100}
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
            title={trunk ? t('trunkEdit.passwordKeep') : t('trunks.passwordHint')}
            placeholder={trunk?.hasPassword ? t('trunkEdit.passwordKeep') : undefined}
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
        <Field label={t('trunkEdit.cpsLimit')} hint={t('trunkEdit.cpsLimitHint')}>
          <NumberInput min={1} max={1000} integer value={cpsLimit} onValueChange={setCpsLimit} />
        </Field>
      </div>
      <fieldset>
        <legend>{t('trunkEdit.provider')}</legend>
        <div className="form-grid">
          <label>
            <span>{t('trunkEdit.realm')}</span>
            <input value={realm} onChange={(event) => setRealm(event.target.value)} />
          </label>
          <label>
            <span>{t('trunkEdit.fromDomain')}</span>
            <input value={fromDomain} onChange={(event) => setFromDomain(event.target.value)} />
          </label>
          <label>
            <span>{t('trunkEdit.fromUser')}</span>
            <input autoComplete="off" value={fromUser} onChange={(event) => setFromUser(event.target.value)} />
          </label>
          <label>
            <span>{t('trunkEdit.registerProxy')}</span>
            <input value={registerProxy} onChange={(event) => setRegisterProxy(event.target.value)} />
          </label>
          <label>
            <span>{t('trunkEdit.outboundProxy')}</span>
            <input value={outboundProxy} onChange={(event) => setOutboundProxy(event.target.value)} />
          </label>
          <label>
            <span>{t('trunkEdit.expireSeconds')}</span>
            <NumberInput min={60} max={86400} integer value={expireSeconds} onValueChange={setExpireSeconds} />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={callerIdInFrom} onChange={(event) => setCallerIdInFrom(event.target.checked)} />
            <span>{t('trunkEdit.callerIdInFrom')}</span>
          </label>
        </div>
        <p className="muted">{t('trunkEdit.defaultsHint')}</p>
      </fieldset>
      <p className="muted">{trunk ? t('trunkEdit.passwordKeep') : t('trunks.passwordHint')}</p>
      <ErrorMessage error={create.error} />
      <FormActions saving={create.isPending} submitLabel={trunk ? t('trunkEdit.save') : t('trunks.create')} onCancel={onCancel} />
    </form>
  );
}
