import { useTranslation } from 'react-i18next';

export function AgentsPage() {
  const { t } = useTranslation();
  return (
    <section>
      <div className="page-title">
        <h1>{t('agents.title')}</h1>
      </div>
    </section>
  );
}
