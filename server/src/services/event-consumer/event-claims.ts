// Every instance consumes every switch event (decision 0012). Call rows make most of it idempotent
// (an event row is inserted once); what nothing in the database guards (agent moves decided from
// the agent's state now, emissions of events without a call) is done by the one instance that
// claims the event first. A replay after a reconnect finds the claim too.
import type { Logger } from 'pino';
import type { Coordination } from '../../platform/coordination/coordination.ts';
import { eventKey } from './call-correlation.ts';

/** Kept far longer than instances lag behind each other, short enough to stay small. */
const CLAIM_TTL_SECONDS = 600;

export interface EventClaims {
  /** True for the one caller, of any instance, that claims this event for this group of handlers. */
  claim(group: string, headers: Record<string, string>): Promise<boolean>;
}

export function eventClaims(coordination: Pick<Coordination, 'claimFlag'>, log: Pick<Logger, 'warn'>): EventClaims {
  return {
    async claim(group, headers) {
      try {
        return await coordination.claimFlag(`switch-event:${group}:${eventKey(headers)}`, CLAIM_TTL_SECONDS);
      } catch (error) {
        // The cache store is down: applying twice is better than losing the event.
        log.warn({ err: error, group }, 'switch event not claimed; applied anyway');
        return true;
      }
    },
  };
}

/** Whether this instance handles the event: always, without claims. */
export const claim = (claims: EventClaims | undefined, group: string, headers: Record<string, string>): Promise<boolean> =>
  claims ? claims.claim(group, headers) : Promise.resolve(true);

/** The handler, run only by the instance that claims the event for `group`. */
export function claimed(claims: EventClaims | undefined, group: string, handler: (headers: Record<string, string>) => Promise<void>) {
  return async (headers: Record<string, string>): Promise<void> => {
    if (await claim(claims, group, headers)) await handler(headers);
  };
}
