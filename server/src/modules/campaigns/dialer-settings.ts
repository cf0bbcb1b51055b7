// Pure: the dialer's settings of a campaign as read back from their columns (decision 0048).
import { RETRY_OUTCOMES, type RetryMinutes } from './campaigns.schema.ts';

/** The stored overrides, only the known outcomes with whole minutes (the column is any JSON object). */
export function retryMinutesOf(text: string): RetryMinutes {
  const stored = JSON.parse(text) as Record<string, unknown>;
  const minutes: RetryMinutes = {};
  for (const outcome of RETRY_OUTCOMES) {
    const value = stored[outcome];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) minutes[outcome] = value;
  }
  return minutes;
}
