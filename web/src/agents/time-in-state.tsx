// How long an agent has been in its state ("há 3 min" / "3 min ago"), kept current while shown.
import { useFormat } from '../app/use-format.ts';
import { useNow } from '../app/use-now.ts';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from './elapsed.ts';

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
