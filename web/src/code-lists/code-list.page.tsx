import { useTranslation } from 'react-i18next';

export type CodeListKind = 'pauseReasons' | 'dispositions';

export function CodeListPage({ kind }: { kind: CodeListKind }) {
  const { t } = useTranslation();
  return (
    <section>
      <div className="page-title">
        <h1>{t(`menu.${kind}`)}</h1>
      </div>
    </section>
  );
}
