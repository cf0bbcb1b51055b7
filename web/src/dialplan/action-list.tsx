import { useTranslation } from 'react-i18next';
import { Field } from '../app/field.tsx';
import {
  ALLOWED_APPLICATIONS,
  DATA_EXAMPLES,
  MAX_DATA_LENGTH,
  isAllowedApplication,
} from './dialplan-vocabulary.ts';
import { actionDraft, moveItem, removeItem, replaceItem, type ActionDraft } from './rule-draft.ts';
import { hasProblem, type Problem } from './rule-problems.ts';

interface ActionListProps {
  /** Which of the rule's lists this is; also the prefix of the server's problem paths. */
  list: 'actions' | 'antiActions';
  actions: ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
  problems: readonly Problem[];
}

/** An ordered list of application + data rows: the switch runs them top to bottom. */
export function ActionList({ list, actions, onChange, problems }: ActionListProps) {
  const { t } = useTranslation();
  const update = (index: number, change: Partial<ActionDraft>) =>
    onChange(replaceItem(actions, index, { ...actions[index]!, ...change }));

  return (
    <fieldset className="action-list">
      <legend>{t(`dialplan.rule.${list}`)}</legend>
      <p className="muted">{t(`dialplan.rule.${list}Hint`)}</p>
      {actions.length > 0 && (
        <ol>
          {actions.map((action, index) => {
            const path = `${list}.${index}`;
            const name = t(`dialplan.rule.${list}Item`, { n: index + 1 });
            // A stored application that left the allowlist stays visible, so the refusal makes sense.
            const applications = isAllowedApplication(action.application)
              ? ALLOWED_APPLICATIONS
              : [action.application, ...ALLOWED_APPLICATIONS];
            return (
              <li key={action.key}>
                <div role="group" aria-label={name} className="action-row">
                  <span className="action-position" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <Field label={t('dialplan.rule.application')}>
                    <select
                      value={action.application}
                      aria-invalid={hasProblem(problems, `${path}.application`)}
                      onChange={(event) => update(index, { application: event.target.value })}
                    >
                      {applications.map((application) => (
                        <option key={application} value={application}>
                          {application}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label={t('dialplan.rule.data')}>
                    <input
                      value={action.data}
                      maxLength={MAX_DATA_LENGTH}
                      spellCheck={false}
                      placeholder={
                        isAllowedApplication(action.application) ? DATA_EXAMPLES[action.application] : ''
                      }
                      aria-invalid={hasProblem(problems, `${path}.data`)}
                      onChange={(event) => update(index, { data: event.target.value })}
                    />
                  </Field>
                  <span className="row-actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('dialplan.rule.moveUp')}
                      title={t('dialplan.rule.moveUp')}
                      disabled={index === 0}
                      onClick={() => onChange(moveItem(actions, index, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('dialplan.rule.moveDown')}
                      title={t('dialplan.rule.moveDown')}
                      disabled={index === actions.length - 1}
                      onClick={() => onChange(moveItem(actions, index, 1))}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => onChange(removeItem(actions, index))}
                    >
                      {t('dialplan.rule.remove')}
                    </button>
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <button type="button" className="secondary" onClick={() => onChange([...actions, actionDraft()])}>
          {t(`dialplan.rule.add${list === 'actions' ? 'Action' : 'AntiAction'}`)}
        </button>
      </div>
    </fieldset>
  );
}
