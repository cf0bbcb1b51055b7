import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planLabel, type Plan } from '../plans/plans.api.ts';

interface PlanChangeProps {
  tenantCode: string;
  planId: string;
  plans: Plan[];
  disabled: boolean;
  onChange: (planId: string) => void;
}

/** A tenant's plan: choosing another one asks first, since its limits apply at once. */
export function PlanChange({ tenantCode, planId, plans, disabled, onChange }: PlanChangeProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const nameOf = (id: string) => {
    const plan = plans.find((candidate) => candidate.id === id);
    return plan ? planLabel(plan, t) : id;
  };
  return (
    <>
      <select
        aria-label={t('tenants.planFor', { tenant: tenantCode })}
        value={chosen ?? planId}
        disabled={disabled}
        onChange={(event) => setChosen(event.target.value === planId ? null : event.target.value)}
      >
        {!plans.some((plan) => plan.id === planId) && <option value={planId}>{planId}</option>}
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {planLabel(plan, t)}
          </option>
        ))}
      </select>
      {chosen !== null && (
        <span className="confirm" role="group" aria-label={t('tenants.planChange', { tenant: tenantCode, from: nameOf(planId), to: nameOf(chosen) })}>
          <span className="warning">{t('tenants.planChange', { tenant: tenantCode, from: nameOf(planId), to: nameOf(chosen) })}</span>
          <button
            type="button"
            disabled={disabled}
            onClick={() => {
              onChange(chosen);
              setChosen(null);
            }}
          >
            {t('tenants.confirmPlanChange')}
          </button>
          <button type="button" className="secondary" onClick={() => setChosen(null)}>
            {t('tenants.cancelPlanChange', { plan: nameOf(planId) })}
          </button>
        </span>
      )}
    </>
  );
}
