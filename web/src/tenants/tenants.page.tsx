import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { OneTimePassword } from '../app/one-time-password.tsx';
import { useFormat } from '../app/use-format.ts';
import { plansApi, plansKey } from '../plans/plans.api.ts';
import { TenantNumbersPanel } from '../numbers/tenant-numbers.panel.tsx';
import { TenantForm } from './tenant.form.tsx';
import { TenantUsage } from './tenant-usage.tsx';
import { PlanChange } from './plan-change.tsx';
import {
  quotasKey,
  tenantsApi,
  tenantsKey,
  type CreatedTenant,
  type Tenant,
  type TenantChange,
} from './tenants.api.ts';

export function TenantsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const tenants = useQuery({ queryKey: tenantsKey, queryFn: tenantsApi.list });
  const plans = useQuery({ queryKey: plansKey, queryFn: plansApi.list });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedTenant | null>(null);
  const [numbersOf, setNumbersOf] = useState<Tenant | null>(null);

  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: TenantChange }) => tenantsApi.update(id, change),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tenantsKey });
      await queryClient.invalidateQueries({ queryKey: quotasKey });
    },
  });

  return (
    <section>
      <div className="page-title">
        <h1>{t('tenants.title')}</h1>
        {!creating && !created && (
          <button type="button" onClick={() => setCreating(true)}>
            {t('tenants.new')}
          </button>
        )}
      </div>

      {creating && (
        <TenantForm
          plans={plans.data ?? []}
          onCancel={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setCreated(result);
            void queryClient.invalidateQueries({ queryKey: quotasKey });
          }}
        />
      )}
      {created && (
        <OneTimePassword
          account={created.admin.email}
          password={created.admin.password}
          onDismiss={() => setCreated(null)}
        />
      )}

      {numbersOf && (
        <TenantNumbersPanel
          key={numbersOf.id}
          tenantId={numbersOf.id}
          tenantCode={numbersOf.code}
          onClose={() => setNumbersOf(null)}
        />
      )}

      <ErrorMessage error={tenants.error ?? update.error} />
      {update.isSuccess && <SuccessMessage>{t('tenants.updated')}</SuccessMessage>}
      {tenants.isPending ? (
        <Loading />
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('tenants.code')}</th>
                <th>{t('common.name')}</th>
                <th>{t('common.status')}</th>
                <th>{t('tenants.plan')}</th>
                <th>{t('tenants.telephonyDomain')}</th>
                <th className="number">{t('tenants.members')}</th>
                <th>{t('common.createdAt')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {tenants.data?.map((tenant: Tenant) => (
                <tr key={tenant.id}>
                  <td>{tenant.code}</td>
                  <td>{tenant.name}</td>
                  <td>
                    <span className={`badge ${tenant.status.toLowerCase()}`}>
                      {t(`status.${tenant.status}`)}
                    </span>
                  </td>
                  <td>
                    <PlanChange
                      tenantCode={tenant.code}
                      planId={tenant.planId}
                      plans={plans.data ?? []}
                      disabled={update.isPending}
                      onChange={(planId) => update.mutate({ id: tenant.id, change: { planId } })}
                    />
                  </td>
                  <td>{tenant.telephonyDomain}</td>
                  <td className="number">{format.number(tenant.memberCount)}</td>
                  <td>{format.dateTime(tenant.createdAt)}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('numbers.manageFor', { tenant: tenant.code })}
                      onClick={() => setNumbersOf(tenant)}
                    >
                      {t('numbers.manage')}
                    </button>{' '}
                    {tenant.status === 'ACTIVE' ? (
                      <ConfirmButton
                        label={t('tenants.suspend')}
                        ariaLabel={t('tenants.suspendTenant', { tenant: tenant.code })}
                        confirmLabel={t('tenants.confirmSuspend', { tenant: tenant.code })}
                        disabled={update.isPending}
                        onConfirm={() => update.mutate({ id: tenant.id, change: { status: 'SUSPENDED' } })}
                      />
                    ) : (
                      <button
                        type="button"
                        className="secondary"
                        disabled={update.isPending}
                        aria-label={t('tenants.reactivateTenant', { tenant: tenant.code })}
                        onClick={() => update.mutate({ id: tenant.id, change: { status: 'ACTIVE' } })}
                      >
                        {t('tenants.reactivate')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <TenantUsage />
    </section>
  );
}
