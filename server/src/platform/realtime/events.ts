// Realtime events for one tenant. Every producer (API, switch consumer) publishes on the
// coordination layer's one channel; the Socket.IO gateway delivers each to its tenant's room only.
import type { Coordination } from '../coordination/coordination.ts';
import type { RealtimeEventType } from '@callcenter/rules/realtime-event-types';

export type { RealtimeEventType };

export interface RealtimeEvent {
  type: RealtimeEventType;
  tenantId: string;
  /** ISO 8601 UTC. */
  at: string;
  [field: string]: unknown;
}

export interface RealtimePublisher {
  publish(tenantId: string, type: RealtimeEventType, payload: Record<string, unknown>): Promise<void>;
}

export function realtimePublisher(coordination: Coordination): RealtimePublisher {
  return {
    publish: (tenantId, type, payload) =>
      coordination.publish({ kind: 'realtime', event: { ...payload, type, tenantId, at: new Date().toISOString() } }),
  };
}

/** The realtime event inside a channel message, or null for other kinds of messages. */
export function realtimeEventOf(message: unknown): RealtimeEvent | null {
  const candidate = message as { kind?: string; event?: RealtimeEvent } | null;
  return candidate?.kind === 'realtime' && candidate.event?.tenantId ? candidate.event : null;
}

/** Sessions that just ended: every instance closes their sockets and streams at once. */
export interface SessionsRevoked {
  kind: 'sessions-revoked';
  sessionIds: string[];
}

export const publishSessionsRevoked = (coordination: Pick<Coordination, 'publish'>, sessionIds: string[]) =>
  coordination.publish({ kind: 'sessions-revoked', sessionIds } satisfies SessionsRevoked);

/** The revoked session ids inside a channel message, or null for other kinds of messages. */
export function revokedSessionsOf(message: unknown): string[] | null {
  const candidate = message as Partial<SessionsRevoked> | null;
  if (candidate?.kind !== 'sessions-revoked' || !Array.isArray(candidate.sessionIds)) return null;
  return candidate.sessionIds.filter((id): id is string => typeof id === 'string');
}
