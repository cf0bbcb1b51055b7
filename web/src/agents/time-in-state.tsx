// How long an agent has been in its state ("há 3 min" / "3 min ago"), kept current while shown.
import { useEffect, useState } from 'react';
import { useFormat } from '../app/use-format.ts';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from './elapsed.ts';

/** Re-renders every `ms` while mounted. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export function TimeInState({ since }: { since: string }) {
  const { i18n } = useTranslation();
  const format = useFormat();
  const now = useNow(5_000);
  return (
    <time dateTime={since} title={format.dateTime(since)}>
      {formatElapsed(since, now, i18n.language)}
    </time>
  );
}
