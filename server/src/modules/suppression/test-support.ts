// Integration-test factories for leads (the CSV import and the dialer write them in production) and
// campaigns to hold them.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { LeadsTable } from '../../platform/db/schema.ts';
import type { Session, TestContext } from '../../../test/harness.ts';

const trunks = new Map<string, string>();

/**
 * A campaign of the tenant on a queue of its own; the tenant's one trunk (the trial plan allows one)
 * is made on first use. Returns the campaign's and queue's ids.
 */
export async function createCampaignWithQueue(t: TestContext, session: Session, name = `Campanha ${randomUUID().slice(0, 6)}`) {
  const queueId = await t.createId('/queues', session, { name: `fila-${randomUUID().slice(0, 6)}` });
  let trunkId = trunks.get(session.accessToken);
  if (trunkId === undefined) {
    trunkId = await t.createId('/trunks', session, { name: 'tronco', host: 'sip.carrier.example', register: false });
    trunks.set(session.accessToken, trunkId);
  }
  const id = await t.createId('/campaigns', session, { name, queueId, trunkId, pacingMin: 1, pacingMax: 2 });
  return { id, name, queueId, trunkId };
}

/** A lead straight in the table; READY by default. */
export async function insertLead(
  t: Pick<TestContext, 'db'>,
  tenantId: string,
  campaignId: string,
  fields: Partial<Insertable<LeadsTable>> = {},
): Promise<string> {
  const row = await t.db.withTenant(tenantId, (tx) =>
    tx
      .insertInto('leads')
      .values({ phone: '+5511987654321', ...fields, tenantId, campaignId })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

export const storedLead = (t: Pick<TestContext, 'db'>, id: string) =>
  t.db.withPlatform((tx) => tx.selectFrom('leads').select(['id', 'tenantId', 'status', 'nextAttemptAt', 'phone']).where('id', '=', id).executeTakeFirstOrThrow());

export const auditOf = (t: Pick<TestContext, 'db'>, action: string, targetId: string) =>
  t.db.withPlatform((tx) =>
    tx.selectFrom('auditLog').select(['tenantId', 'actorUserId', 'action', 'targetType', 'targetId', 'details']).where('action', '=', action as never).where('targetId', '=', targetId).execute(),
  );

export function expectStatus(response: { statusCode: number; body: string }, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
}
