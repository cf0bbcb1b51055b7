import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { Field } from '../app/field.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { NumberInput } from '../app/number-input.tsx';
import {
  PLAN_ID_PATTERN,
  PLAN_LIMIT_FIELDS,
  RETENTION_DAYS_RANGE,
  plansApi,
  plansKey,
  type Plan,
  type PlanInput,
  type PlanLimitField,
} from './plans.api.ts';

type LimitDrafts = Record<PlanLimitField, number | null>;

function draftsOf(plan: Plan | null): LimitDrafts {
  return Object.fromEntries(PLAN_LIMIT_FIELDS.map((field) => [field, plan?.[field] ?? null])) as LimitDrafts;
}

interface PlanFormProps {
  /** The plan being edited; null to create one. */
  plan: Plan | null;
  onDone: () => void;
}

export function PlanForm({ plan, onDone }: PlanFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [id, setId] = useState('');
  const [name, setName] = useState(plan?.name ?? '');
  const [limits, setLimits] = useState<LimitDrafts>(() => draftsOf(plan));
  const [retentionDays, setRetentionDays] = useState<number | null>(plan ? plan.recordingRetentionDays : null);
  const [aiEnabled, setAiEnabled] = useState(plan?.aiEnabled ?? false);

  const save = useMutation({
    mutationFn: (input: PlanInput) => (plan ? plansApi.update(plan.id, input) : plansApi.create(input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: plansKey });
      onDone();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: PlanInput = { name: name.trim(), aiEnabled };
    // A blank limit means unlimited, which the API spells null.
    for (const field of PLAN_LIMIT_FIELDS) input[field] = limits[field];
    // Retention is never unlimited: blank on creation takes the server's default.
    if (retentionDays !== null) input.recordingRetentionDays = retentionDays;
    if (!plan && id.trim()) input.id = id.trim();
    save.mutate(input);
  };

  const title = plan ? t('plans.editTitle', { name: plan.name }) : t('plans.createTitle');
  return (
    <form className="form panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <div className="form-grid">
        {!plan && (
          <Field label={t('plans.id')} hint={t('plans.idHint')}>
            <input value={id} pattern={PLAN_ID_PATTERN} onChange={(event) => setId(event.target.value)} />
          </Field>
        )}
        <label>
          <span>{t('common.name')}</span>
          <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        {PLAN_LIMIT_FIELDS.map((field) => (
          <label key={field}>
            <span>{t(`plans.limits.${field}`)}</span>
            <NumberInput
              min={0}
              integer={field !== 'maxRecordingStorageGb'}
              placeholder={t('common.unlimited')}
              value={limits[field]}
              onValueChange={(value) => setLimits((current) => ({ ...current, [field]: value }))}
            />
          </label>
        ))}
        <label>
          <span>{t('plans.retentionDays')}</span>
          <NumberInput
            min={RETENTION_DAYS_RANGE.min}
            max={RETENTION_DAYS_RANGE.max}
            integer
            required={plan !== null}
            placeholder={plan ? undefined : t('plans.serverDefault')}
            value={retentionDays}
            onValueChange={setRetentionDays}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={aiEnabled}
            onChange={(event) => setAiEnabled(event.target.checked)}
          />
          <span>{t('plans.aiEnabled')}</span>
        </label>
      </div>
      <p className="muted">{t('plans.blankIsUnlimited')}</p>
      <ErrorMessage error={save.error} />
      <FormActions saving={save.isPending} submitLabel={t('common.save')} onCancel={onDone} />
    </form>
  );
}
