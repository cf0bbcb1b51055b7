import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { PlanForm } from './plan.form.tsx';
import { PLAN_LIMIT_FIELDS, planLabel, plansApi, plansKey, type Plan } from './plans.api.ts';

export function PlansPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: plansKey, queryFn: plansApi.list });
  // undefined: no form; null: creating; a plan: editing it.
  const [editing, setEditing] = useState<Plan | null | undefined>(undefined);

  const remove = useMutation({
    mutationFn: plansApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }),
  });

  return (
    <section>
      <div className="page-title">
        <h1>{t('plans.title')}</h1>
        {editing === undefined && (
          <button type="button" onClick={() => setEditing(null)}>
            {t('plans.new')}
          </button>
        )}
      </div>
      {editing !== undefined && (
        <PlanForm key={editing?.id ?? 'new'} plan={editing} onDone={() => setEditing(undefined)} />
      )}
      <ErrorMessage error={plans.error ?? remove.error} />
      {plans.isPending ? (
        <Loading />
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('plans.id')}</th>
                <th>{t('common.name')}</th>
                {PLAN_LIMIT_FIELDS.map((field) => (
                  <th key={field} className="number">
                    {t(`plans.limits.${field}`)}
                  </th>
                ))}
                <th className="number">{t('plans.retentionDays')}</th>
                <th>{t('plans.ai')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {plans.data?.map((plan) => (
                <tr key={plan.id}>
                  <td>
                    <code>{plan.id}</code>
                  </td>
                  <td>{planLabel(plan, t)}</td>
                  {PLAN_LIMIT_FIELDS.map((field) => (
                    <td key={field} className="number">
                      {format.limit(plan[field])}
                    </td>
                  ))}
                  <td className="number">{format.number(plan.recordingRetentionDays)}</td>
                  <td>{plan.aiEnabled ? t('common.yes') : t('common.no')}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('plans.editPlan', { name: plan.name })}
                      onClick={() => setEditing(plan)}
                    >
                      {t('common.edit')}
                    </button>
                    <ConfirmButton
                      label={t('common.delete')}
                      confirmLabel={t('plans.confirmDelete')}
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate(plan.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
