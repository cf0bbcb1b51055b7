// A moment worded relative to now ("há 3 min" / "3 min ago"), kept current by the page's one
// second ticker (the same clock as the running clocks): only its text re-renders.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from './relative-time.ts';
import { secondTicker } from './ticker.ts';
import { useFormat } from './use-format.ts';

export function RelativeTime({ since }: { since: string }) {
  const { i18n } = useTranslation();
  const format = useFormat();
  const text = useSyncExternalStore(secondTicker.subscribe, () => formatElapsed(since, secondTicker.now(), i18n.language));
  return (
    <time dateTime={since} title={format.dateTime(since)}>
      {text}
    </time>
  );
}
