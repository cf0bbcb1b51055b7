import { randomUUID } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { DialplanRulesTable } from '../../platform/db/schema.ts';
import type { TenantScope } from './dialplan.rules.ts';
import type { DialplanRule, RuleCreateBody, RulePatchBody } from './dialplan.schema.ts';

/** The caller's tenant (row-level security shows only that row): its code and SIP domain. */
export async function tenantScope(tx: Tx): Promise<TenantScope> {
  const row = await tx.selectFrom('tenants').select(['code', 'telephonyDomain']).executeTakeFirstOrThrow();
  return { tenantCode: row.code, domain: row.telephonyDomain };
}

export function toRule(row: Selectable<DialplanRulesTable>): DialplanRule {
  return {
    id: row.id,
    context: row.context,
    name: row.name,
    conditionField: row.conditionField,
    conditionExpression: row.conditionExpression,
    actions: row.actions,
    antiActions: row.antiActions,
    continue: row.continue,
    order: row.sortOrder,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const live = (tx: Tx) => tx.selectFrom('dialplanRules').selectAll().where('deletedAt', 'is', null);

export function listRules(tx: Tx, context?: string) {
  let query = live(tx);
  if (context !== undefined) query = query.where('context', '=', context);
  return query.orderBy('context').orderBy('sortOrder').orderBy('createdAt').execute();
}

export const findRule = (tx: Tx, id: string) => live(tx).where('id', '=', id).executeTakeFirst();

/** The name of a rule created without one (the specification lists no name): `rule-` and the start of its id. */
export const defaultRuleName = (id: string) => `rule-${id.slice(0, 8)}`;

export function insertRule(tx: Tx, tenantId: string, body: RuleCreateBody) {
  const id = randomUUID();
  return tx
    .insertInto('dialplanRules')
    .values({
      id,
      tenantId,
      context: body.context ?? 'default',
      name: body.name ?? defaultRuleName(id),
      conditionField: body.conditionField,
      conditionExpression: body.conditionExpression,
      actions: JSON.stringify(body.actions),
      antiActions: JSON.stringify(body.antiActions ?? []),
      continue: body.continue ?? false,
      sortOrder: body.order ?? 100,
      enabled: body.enabled ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRule(tx: Tx, id: string, body: RulePatchBody) {
  const columns: Updateable<DialplanRulesTable> = {};
  if (body.context !== undefined) columns.context = body.context;
  if (body.name !== undefined) columns.name = body.name;
  if (body.conditionField !== undefined) columns.conditionField = body.conditionField;
  if (body.conditionExpression !== undefined) columns.conditionExpression = body.conditionExpression;
  if (body.actions !== undefined) columns.actions = JSON.stringify(body.actions);
  if (body.antiActions !== undefined) columns.antiActions = JSON.stringify(body.antiActions);
  if (body.continue !== undefined) columns.continue = body.continue;
  if (body.order !== undefined) columns.sortOrder = body.order;
  if (body.enabled !== undefined) columns.enabled = body.enabled;
  return tx.updateTable('dialplanRules').set(columns).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export const softDeleteRule = (tx: Tx, id: string) =>
  tx.updateTable('dialplanRules').set({ deletedAt: new Date() }).where('id', '=', id).execute();

/** Whether an IVR menu (deleted ones too: their context stays taken) owns this context. */
export async function isIvrContext(tx: Tx, context: string): Promise<boolean> {
  return (await tx.selectFrom('ivrMenus').select('id').where('context', '=', context).executeTakeFirst()) !== undefined;
}

/** Which of these queue ids are live queues of the tenant. */
export async function existingQueueIds(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.selectFrom('queues').select('id').where('id', 'in', ids).where('deletedAt', 'is', null).execute();
  return new Set(rows.map((row) => row.id));
}

/** The tenant's live trunks, which its rules may bridge to. */
export function liveTrunks(tx: Tx): Promise<{ id: string; name: string }[]> {
  return tx.selectFrom('trunks').select(['id', 'name']).where('deletedAt', 'is', null).execute();
}
