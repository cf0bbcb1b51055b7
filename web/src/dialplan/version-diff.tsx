import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { dialplanApi, versionXmlKey, type DialplanVersion } from './dialplan.api.ts';
import { countChanges, diffText, type DiffLine } from './line-diff.ts';

interface VersionDiffProps {
  version: DialplanVersion;
  /** The context's ACTIVE version, the baseline; absent when none is active. */
  active: DialplanVersion | undefined;
  onClose: () => void;
}

const xmlQuery = (id: string) => ({
  queryKey: versionXmlKey(id),
  queryFn: () => dialplanApi.version(id),
  staleTime: Infinity,
});

/** A version's XML, line by line, compared with what the switch runs now. */
export function VersionDiff({ version, active, onClose }: VersionDiffProps) {
  const { t } = useTranslation();
  const selected = useQuery(xmlQuery(version.id));
  const baselineId = active && active.id !== version.id ? active.id : null;
  const baseline = useQuery({ ...xmlQuery(baselineId ?? ''), enabled: baselineId !== null });
  const lines = useMemo(
    () =>
      selected.data
        ? diffText(baselineId ? (baseline.data?.xml ?? '') : selected.data.xml, selected.data.xml)
        : [],
    [selected.data, baseline.data, baselineId],
  );
  const title = t('dialplan.diff.title', { number: version.number });
  const ready = selected.data && (baselineId === null || baseline.data);

  return (
    <section className="panel version-diff" aria-label={title}>
      <div className="section-title">
        <h3>{title}</h3>
        <button type="button" className="secondary" onClick={onClose}>
          {t('dialplan.diff.close')}
        </button>
      </div>
      <ErrorMessage error={selected.error ?? baseline.error} />
      {!ready ? (
        <Loading />
      ) : (
        <>
          <p className="muted">
            {baselineId && active
              ? t('dialplan.diff.against', { active: active.number, ...countChanges(lines) })
              : active
                ? t('dialplan.diff.isActive')
                : t('dialplan.diff.noActive')}
          </p>
          <pre className="diff" aria-label={t('dialplan.diff.xml')}>
            {lines.map((line, index) => (
              <Line key={index} line={line} />
            ))}
          </pre>
        </>
      )}
    </section>
  );
}

/** ins/del carry the meaning for assistive technology; the +/- markers for everyone. */
function Line({ line }: { line: DiffLine }) {
  const content = (marker: string) => (
    <>
      <span className="diff-marker">{marker}</span>
      {line.text}
    </>
  );
  if (line.kind === 'added') return <ins className="diff-line added">{content('+')}</ins>;
  if (line.kind === 'removed') return <del className="diff-line removed">{content('-')}</del>;
  return <span className="diff-line">{content(' ')}</span>;
}
