import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetails } from '../app/error-details.ts';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { Field } from '../app/field.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { ActionList } from './action-list.tsx';
import { dialplanApi, type DialplanRule } from './dialplan.api.ts';
import {
  CONDITION_FIELDS,
  MAX_EXPRESSION_LENGTH,
  type ConditionField,
  type ConditionFieldName,
} from './dialplan-vocabulary.ts';
import { draftOf, emptyDraft, ruleInput, type RuleDraft } from './rule-draft.ts';
import { hasProblem, placeOf, type Problem } from './rule-problems.ts';

interface RuleFormProps {
  /** Editing this rule; creating a new one in `context` when absent. */
  rule?: DialplanRule;
  context: string;
  onSaved: (rule: DialplanRule) => void;
  onCancel: () => void;
}

const VARIABLE_CHOICE = 'variable';

export function RuleForm({ rule, context, onSaved, onCancel }: RuleFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule) : emptyDraft(context)));
  const change = (part: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...part }));

  const save = useMutation({
    mutationFn: (value: RuleDraft) =>
      rule ? dialplanApi.updateRule(rule.id, ruleInput(value)) : dialplanApi.createRule(ruleInput(value)),
    onSuccess: async (saved) => {
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: ['dialplan', 'rules'] });
    },
  });
  const problems = errorDetails(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const chooseField = (choice: string) =>
    change({
      conditionField:
        choice === VARIABLE_CHOICE
          ? {
              kind: 'variable',
              name: draft.conditionField.kind === 'variable' ? draft.conditionField.name : '',
            }
          : { kind: 'fixed', name: choice as ConditionFieldName },
    });
  const field: ConditionField = draft.conditionField;
  const title = rule ? t('dialplan.rule.editTitle') : t('dialplan.rule.createTitle');

  return (
    <form className="form panel rule-form" onSubmit={submit} aria-label={title}>
      <h3>{title}</h3>
      <div className="form-grid">
        <Field label={t('dialplan.rule.name')} hint={t('dialplan.rule.nameHint')}>
          <input
            required
            maxLength={64}
            value={draft.name}
            aria-invalid={hasProblem(problems, 'name')}
            onChange={(event) => change({ name: event.target.value })}
          />
        </Field>
        <Field label={t('dialplan.context')} hint={t('dialplan.contextHint')}>
          <input
            required
            maxLength={40}
            spellCheck={false}
            value={draft.context}
            aria-invalid={hasProblem(problems, 'context')}
            onChange={(event) => change({ context: event.target.value })}
          />
        </Field>
        <Field label={t('dialplan.rule.order')} hint={t('dialplan.rule.orderHint')}>
          <NumberInput
            required
            min={0}
            max={100000}
            integer
            value={draft.order.trim() === '' ? null : Number(draft.order)}
            onValueChange={(order) => change({ order: order === null ? '' : String(order) })}
          />
        </Field>
      </div>
      <fieldset className="condition">
        <legend>{t('dialplan.rule.condition')}</legend>
        <div className="form-grid">
          <Field label={t('dialplan.rule.conditionField')}>
            <select
              value={field.kind === 'fixed' ? field.name : VARIABLE_CHOICE}
              aria-invalid={hasProblem(problems, 'conditionField')}
              onChange={(event) => chooseField(event.target.value)}
            >
              {CONDITION_FIELDS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
              <option value={VARIABLE_CHOICE}>{t('dialplan.rule.variableChoice')}</option>
            </select>
          </Field>
          {field.kind === 'variable' && (
            <label>
              <span>{t('dialplan.rule.variableName')}</span>
              <span className="variable-input">
                <code aria-hidden="true">{'${'}</code>
                <input
                  required
                  maxLength={60}
                  spellCheck={false}
                  value={field.name}
                  aria-invalid={hasProblem(problems, 'conditionField')}
                  onChange={(event) =>
                    change({ conditionField: { kind: 'variable', name: event.target.value } })
                  }
                />
                <code aria-hidden="true">{'}'}</code>
              </span>
            </label>
          )}
          <Field label={t('dialplan.rule.expression')} hint={t('dialplan.rule.expressionHint')}>
            <input
              required
              maxLength={MAX_EXPRESSION_LENGTH}
              spellCheck={false}
              value={draft.conditionExpression}
              aria-invalid={hasProblem(problems, 'conditionExpression')}
              onChange={(event) => change({ conditionExpression: event.target.value })}
            />
          </Field>
        </div>
      </fieldset>
      <ActionList
        list="actions"
        actions={draft.actions}
        onChange={(actions) => change({ actions })}
        problems={problems}
      />
      <ActionList
        list="antiActions"
        actions={draft.antiActions}
        onChange={(antiActions) => change({ antiActions })}
        problems={problems}
      />
      <div className="form-grid">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          <span>{t('dialplan.rule.enabled')}</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.continue}
            onChange={(event) => change({ continue: event.target.checked })}
          />
          <span>{t('dialplan.rule.continue')}</span>
        </label>
      </div>
      <ErrorMessage error={save.error} />
      <ProblemList problems={problems} />
      <FormActions
        saving={save.isPending}
        submitLabel={rule ? t('common.save') : t('dialplan.rule.create')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The server's reasons, each said where it applies ("Action 2 · Data: …"). */
function ProblemList({ problems }: { problems: readonly Problem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  const where = (path: string) => {
    const place = placeOf(path);
    if (place.list === null) return t(`dialplan.rule.fields.${place.field}`, { defaultValue: place.field });
    const row = t(`dialplan.rule.${place.list}Item`, { n: place.position });
    return place.field ? `${row} · ${t(`dialplan.rule.${place.field}`)}` : row;
  };
  return (
    <ul className="problems" aria-label={t('dialplan.rule.problems')}>
      {problems.map((problem) => (
        <li key={`${problem.path}:${problem.message}`}>
          <strong>{where(problem.path)}</strong>: {problem.message}
        </li>
      ))}
    </ul>
  );
}
