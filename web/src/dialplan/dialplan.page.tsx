import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import { dialplanApi, rulesKey, versionsKey } from './dialplan.api.ts';
import { contextsOf, DEFAULT_CONTEXT, inContext } from './dialplan-contexts.ts';
import { RulesSection } from './rules.section.tsx';
import { VersionsSection } from './versions.section.tsx';
import './dialplan.css';

export function DialplanPage() {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const rules = useQuery({ queryKey: rulesKey(tenantId), queryFn: dialplanApi.rules });
  const versions = useQuery({ queryKey: versionsKey(tenantId), queryFn: dialplanApi.versions });
  const [context, setContext] = useState(DEFAULT_CONTEXT);
  const canConfigure = can('freeswitch.configure');
  const contexts = contextsOf(rules.data, versions.data, [{ context }]);

  return (
    <section>
      <div className="page-title">
        <h1>{t('dialplan.title')}</h1>
        <label className="inline-field">
          <span>{t('dialplan.context')}</span>
          <select value={context} onChange={(event) => setContext(event.target.value)}>
            {contexts.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted">{t('dialplan.intro')}</p>
      <ErrorMessage error={rules.error ?? versions.error} />
      {/* A context is its own dialplan: remount both sections so no form or selection leaks across. */}
      <RulesSection
        key={`rules-${context}`}
        context={context}
        rules={inContext(rules.data, context)}
        canConfigure={canConfigure}
        onContextChange={setContext}
      />
      <VersionsSection
        key={`versions-${context}`}
        context={context}
        versions={inContext(versions.data, context)}
        canConfigure={canConfigure}
      />
    </section>
  );
}
