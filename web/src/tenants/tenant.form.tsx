import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { Field } from '../app/field.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { LANGUAGES, languageFromTag, type Language } from '../app/i18n/languages.ts';
import { DEFAULT_PLAN_ID, planLabel, type Plan } from '../plans/plans.api.ts';
import { systemApi, systemConfigKey } from '../system/system.api.ts';
import {
  suggestTelephonyDomain,
  tenantsApi,
  tenantsKey,
  type CreatedTenant,
  type NewTenant,
} from './tenants.api.ts';

// Mirrors the server's rule, for an immediate hint; the server's answer is the one that counts.
const TENANT_CODE_PATTERN = '[a-z0-9][a-z0-9\\-]{1,30}';

interface TenantFormProps {
  plans: Plan[];
  onCreated: (result: CreatedTenant) => void;
  onCancel: () => void;
}

export function TenantForm({ plans, onCreated, onCancel }: TenantFormProps) {
  const { t, i18n } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const systemConfig = useQuery({
    queryKey: systemConfigKey,
    queryFn: systemApi.config,
    enabled: can('platform.operations.view'),
    staleTime: Infinity,
  });
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  // The plan the server would choose, said by its name rather than a silent "default".
  const [planId, setPlanId] = useState(DEFAULT_PLAN_ID);
  // The suggestion follows the code until the domain is edited by hand.
  const [domainEdited, setDomainEdited] = useState(false);
  const [manualDomain, setManualDomain] = useState('');
  const [adminEmail, setAdminEmail] = useState('');
  const [adminName, setAdminName] = useState('');
  // The console's own language unless chosen otherwise.
  const [locale, setLocale] = useState<Language>(() => languageFromTag(i18n.language));
  const telephonyDomain = domainEdited
    ? manualDomain
    : suggestTelephonyDomain(code, systemConfig.data?.baseDomain);

  const create = useMutation({
    mutationFn: tenantsApi.create,
    onSuccess: async (result) => {
      onCreated(result);
      await queryClient.invalidateQueries({ queryKey: tenantsKey });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tenant: NewTenant = {
      code: code.trim(),
      name: name.trim(),
      admin: { email: adminEmail.trim(), ...(adminName.trim() && { name: adminName.trim() }) },
      planId,
      locale,
      ...(telephonyDomain.trim() && { telephonyDomain: telephonyDomain.trim() }),
    };
    create.mutate(tenant);
  };

  return (
    <form className="form panel" onSubmit={submit} aria-label={t('tenants.createTitle')}>
      <h2>{t('tenants.createTitle')}</h2>
      <div className="form-grid">
        <Field label={t('tenants.code')} hint={t('tenants.codeHint')}>
          <input
            required
            pattern={TENANT_CODE_PATTERN}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
        <label>
          <span>{t('common.name')}</span>
          <input required value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          <span>{t('tenants.plan')}</span>
          <select value={planId} onChange={(event) => setPlanId(event.target.value)}>
            {!plans.some((plan) => plan.id === planId) && <option value={planId}>{planId}</option>}
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {planLabel(plan, t)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t('tenants.locale')} hint={t('tenants.localeHint')}>
          <select value={locale} onChange={(event) => setLocale(languageFromTag(event.target.value))}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('tenants.telephonyDomain')}
          hint={!domainEdited && telephonyDomain ? t('tenants.domainSuggested') : undefined}
        >
          <input
            value={telephonyDomain}
            onChange={(event) => {
              setDomainEdited(true);
              setManualDomain(event.target.value);
            }}
          />
        </Field>
        <label>
          <span>{t('tenants.adminEmail')}</span>
          <input
            type="email"
            required
            value={adminEmail}
            onChange={(event) => setAdminEmail(event.target.value)}
          />
        </label>
        <label>
          <span>{t('tenants.adminName')}</span>
          <input value={adminName} onChange={(event) => setAdminName(event.target.value)} />
        </label>
      </div>
      <ErrorMessage error={create.error} />
      <FormActions saving={create.isPending} submitLabel={t('tenants.create')} onCancel={onCancel} />
    </form>
  );
}
