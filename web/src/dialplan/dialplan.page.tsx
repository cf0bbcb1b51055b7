import { useTranslation } from 'react-i18next';

export function DialplanPage() {
  const { t } = useTranslation();
  return (
    <section>
      <div className="page-title">
        <h1>{t('dialplan.title')}</h1>
      </div>
    </section>
  );
}
