// The call in front of the caller's own agent, read under the tenant's row-level security.
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';

/** After this long an ended call no longer waits on the agent's screen for its disposition. */
export const DISPOSITION_WINDOW_MINUTES = 15;

/**
 * The newest call of the token user's Agent that is still in progress or that ended within the
 * disposition window without a disposition; undefined when there is none (or the user has no Agent).
 */
export function findCurrentCallOfUser(tx: Tx, userId: string) {
  return (
    tx
      .selectFrom('agents as a')
      // The agent's call once bridged, or the call offered to its phone right now (a call becomes
      // an agent's only when bridged, yet the ringing agent must see who is calling).
      .innerJoin('calls as c', (join) =>
        join.on((on) =>
          on.or([
            on('c.agentId', '=', on.ref('a.id')),
            on.exists(
              on
                .selectFrom('callLegs as g')
                .select(sql`1`.as('offered'))
                .whereRef('g.callId', '=', 'c.id')
                .whereRef('g.agentId', '=', 'a.id')
                .where('g.endedAt', 'is', null),
            ),
          ]),
        ),
      )
      .leftJoin('queues as q', 'q.id', 'c.queueId')
      // The dialer's lead of the call (screen pop) and its campaign's windows (the callback picker).
      .leftJoin('leads as l', 'l.id', 'c.leadId')
      .leftJoin('campaigns as k', 'k.id', 'l.campaignId')
      .select([
        'c.id',
        'c.direction',
        'c.callerNumber',
        'c.calledNumber',
        'c.queueId',
        'q.name as queueName',
        'c.createdAt',
        'c.answerAt',
        'c.bridgedAt',
        'c.endedAt',
        'c.dispositionId',
        'c.disposition',
        'l.id as leadId',
        'l.name as leadName',
        'l.phone as leadPhone',
        'l.data as leadData',
        'k.id as campaignId',
        'k.name as campaignName',
        'k.timezone as campaignTimezone',
        'k.schedule as campaignSchedule',
      ])
      .where('a.userId', '=', userId)
      .where('a.deletedAt', 'is', null)
      .where((where) =>
        where.or([
          where('c.endedAt', 'is', null),
          where.and([
            where('c.dispositionId', 'is', null),
            where('c.endedAt', '>', sql<Date>`now() - make_interval(mins => ${DISPOSITION_WINDOW_MINUTES})`),
          ]),
        ]),
      )
      // A call in progress before one that ended; the newest of each.
      .orderBy(sql`c.ended_at IS NULL`, 'desc')
      .orderBy('c.createdAt', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}
