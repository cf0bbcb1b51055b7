import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../app/edit-delete-buttons.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { dialplanApi, type DialplanAction, type DialplanRule } from './dialplan.api.ts';
import { RuleForm } from './rule.form.tsx';

interface RulesSectionProps {
  context: string;
  /** The context's rules in evaluation order, or undefined while loading. */
  rules: DialplanRule[] | undefined;
  canConfigure: boolean;
  /** A rule saved into another context: the page follows it there. */
  onContextChange: (context: string) => void;
}

type Panel = { kind: 'create' } | { kind: 'edit'; rule: DialplanRule } | null;

export function RulesSection({ context, rules, canConfigure, onContextChange }: RulesSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>(null);
  const remove = useMutation({
    mutationFn: dialplanApi.removeRule,
    onSuccess: () => setPanel(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['dialplan', 'rules'] }),
  });
  const open = (next: Panel) => {
    remove.reset();
    setPanel(next);
  };
  const saved = (rule: DialplanRule) => {
    setPanel(null);
    if (rule.context !== context) onContextChange(rule.context);
  };

  return (
    <section className="dialplan-section" aria-labelledby="dialplan-rules">
      <div className="section-title">
        <h2 id="dialplan-rules">{t('dialplan.rules.title')}</h2>
        {canConfigure && panel === null && (
          <button type="button" onClick={() => open({ kind: 'create' })}>
            {t('dialplan.rules.newButton')}
          </button>
        )}
      </div>
      <p className="muted">{t('dialplan.rules.intro')}</p>
      {panel && (
        <RuleForm
          key={panel.kind === 'edit' ? panel.rule.id : 'new'}
          rule={panel.kind === 'edit' ? panel.rule : undefined}
          context={context}
          onSaved={saved}
          onCancel={() => setPanel(null)}
        />
      )}
      <ErrorMessage error={remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('dialplan.rules.deleted')}</SuccessMessage>}
      {rules === undefined ? (
        <Loading />
      ) : rules.length === 0 ? (
        <p>{t('dialplan.rules.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="dialplan-rules">
            <thead>
              <tr>
                <th className="number">{t('dialplan.rule.order')}</th>
                <th>{t('dialplan.rule.name')}</th>
                <th>{t('dialplan.rule.condition')}</th>
                <th>{t('dialplan.rules.applications')}</th>
                <th>{t('dialplan.rule.fields.continue')}</th>
                <th>{t('common.status')}</th>
                {canConfigure && <th>{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id} className={rule.enabled ? undefined : 'disabled-rule'}>
                  <td className="number">{rule.order}</td>
                  <td>{rule.name}</td>
                  <td>
                    <code>{rule.conditionField}</code> <code>{rule.conditionExpression}</code>
                  </td>
                  <td>
                    <Applications actions={rule.actions} />
                    {rule.antiActions.length > 0 && (
                      <>
                        <span className="muted">{t('dialplan.rules.otherwise')}</span>
                        <Applications actions={rule.antiActions} />
                      </>
                    )}
                  </td>
                  <td>{rule.continue ? t('common.yes') : t('common.no')}</td>
                  <td>
                    <span className={`badge ${rule.enabled ? 'active' : ''}`}>
                      {rule.enabled ? t('dialplan.rules.enabled') : t('dialplan.rules.disabled')}
                    </span>
                  </td>
                  {canConfigure && (
                    <td>
                      <div className="row-actions">
                        <EditDeleteButtons
                          onEdit={() => open({ kind: 'edit', rule })}
                          onDelete={() => remove.mutate(rule.id)}
                          confirmLabel={t('dialplan.rules.confirmDelete')}
                          deleting={remove.isPending}
                        />
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Applications({ actions }: { actions: DialplanAction[] }) {
  return (
    <ol className="applications">
      {actions.map((action, index) => (
        <li key={index}>
          <code>
            {action.application}
            {action.data && ` ${action.data}`}
          </code>
        </li>
      ))}
    </ol>
  );
}
