import { useEffect, useState } from 'react';

/** The current time, re-rendering every `ms` while mounted (one timer for a whole page's clocks). */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
