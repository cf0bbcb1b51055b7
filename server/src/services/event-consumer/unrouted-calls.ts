// Inbound calls that matched no route: logged, never dropped silently (decision 0063).
import type { Logger } from 'pino';
import { PUBLIC_CONTEXT } from './call-direction.ts';

/**
 * An inbound call that found no route is never lost silently: one warning when it ends, with the
 * number dialed and the switch's cause; the call record (when a tenant holds the number) keeps
 * the cause too. A number no tenant holds has no tenant to record it for: the log line is its trace.
 */
export function logUnrouted(
  log: Pick<Logger, 'warn'>,
  headers: Record<string, string>,
  kind: string,
  legId: string,
  tenantId: string | null,
): void {
  if (kind !== 'CHANNEL_HANGUP_COMPLETE' || headers['Caller-Context'] !== PUBLIC_CONTEXT) return;
  const cause = headers['Hangup-Cause'] ?? headers.variable_hangup_cause;
  if (tenantId !== null && cause !== 'NO_ROUTE_DESTINATION') return;
  const reason = tenantId === null ? 'NUMBER_NOT_ASSIGNED' : 'NO_ROUTE';
  log.warn(
    {
      legId,
      tenantId,
      destination: headers['Caller-Destination-Number'] ?? null,
      cause: cause ?? null,
      reason,
    },
    'inbound call matched no route',
  );
}
