import type { Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { IvrMenusTable, IvrOptionsTable } from '../../platform/db/schema.ts';
import type { IvrMenu, IvrMenuCreateBody, IvrMenuPatchBody, IvrOption, IvrTargetInput, IvrTargetOut, IvrTargetType } from './ivr-menus.schema.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export type MenuRow = Selectable<IvrMenusTable>;
export type OptionRow = Selectable<IvrOptionsTable>;

/** A target as stored: the type and the one column it needs (the others null). */
export interface StoredTarget {
  targetType: IvrTargetType;
  targetExtension: string | null;
  targetQueueId: string | null;
  targetMenuId: string | null;
}

/** Pure: a validated target of a body → its columns (EXTENSION when only targetExtension is sent). */
export function storedTarget(target: IvrTargetInput): StoredTarget {
  const targetType = target.targetType ?? 'EXTENSION';
  return {
    targetType,
    targetExtension: targetType === 'EXTENSION' ? (target.targetExtension ?? null) : null,
    targetQueueId: targetType === 'QUEUE' ? (target.targetQueueId ?? null) : null,
    targetMenuId: targetType === 'IVR' ? (target.targetMenuId ?? null) : null,
  };
}

const targetOut = (target: StoredTarget): IvrTargetOut => ({
  targetType: target.targetType,
  targetExtension: target.targetExtension,
  targetQueueId: target.targetQueueId,
  targetMenuId: target.targetMenuId,
});

export const failureTargetOf = (row: MenuRow): StoredTarget => ({
  targetType: row.failureTargetType,
  targetExtension: row.failureTargetExtension,
  targetQueueId: row.failureTargetQueueId,
  targetMenuId: row.failureTargetMenuId,
});

export function toMenu(row: MenuRow, options: OptionRow[]): IvrMenu {
  return {
    id: row.id,
    name: row.name,
    context: row.context,
    greeting: row.greeting,
    hasPrompt: row.promptObjectKey !== null,
    promptSizeBytes: row.promptSizeBytes === null ? null : Number(row.promptSizeBytes),
    entryPositionX: row.entryPositionX,
    entryPositionY: row.entryPositionY,
    options: options
      .filter((option) => option.menuId === row.id)
      .map((option) => ({
        digit: option.digit,
        ...targetOut(option),
        label: option.label,
        positionX: option.positionX,
        positionY: option.positionY,
      })),
    timeoutSeconds: row.timeoutSeconds,
    maxFailures: row.maxFailures,
    failureTarget: targetOut(failureTargetOf(row)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const live = (tx: Tx) => tx.selectFrom('ivrMenus').selectAll().where('deletedAt', 'is', null);

export const listMenus = (tx: Tx) => live(tx).orderBy('name').execute();

export const findMenu = (tx: Tx, id: string) => live(tx).where('id', '=', id).executeTakeFirst();

export const lockMenu = (tx: Tx, id: string) => live(tx).where('id', '=', id).forUpdate().executeTakeFirst();

export function optionsOf(tx: Tx, menuIds: string[]): Promise<OptionRow[]> {
  if (menuIds.length === 0) return Promise.resolve([]);
  return tx.selectFrom('ivrOptions').selectAll().where('menuId', 'in', menuIds).orderBy('digit').execute();
}

export async function replaceOptions(tx: Tx, tenantId: string, menuId: string, options: IvrOption[]): Promise<void> {
  await tx.deleteFrom('ivrOptions').where('menuId', '=', menuId).execute();
  if (options.length === 0) return;
  await tx
    .insertInto('ivrOptions')
    .values(
      options.map((option) => ({
        tenantId,
        menuId,
        digit: option.digit,
        ...storedTarget(option),
        label: option.label ?? null,
        positionX: option.positionX ?? null,
        positionY: option.positionY ?? null,
      })),
    )
    .execute();
}

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
export function menuColumns(body: IvrMenuPatchBody) {
  const columns = namedColumns(body, ['name', 'context', 'greeting', 'entryPositionX', 'entryPositionY', 'timeoutSeconds', 'maxFailures']);
  if (body.failureTarget === undefined) return columns;
  const target = storedTarget(body.failureTarget);
  return {
    ...columns,
    failureTargetType: target.targetType,
    failureTargetExtension: target.targetExtension,
    failureTargetQueueId: target.targetQueueId,
    failureTargetMenuId: target.targetMenuId,
  };
}

export const insertMenu = (tx: Tx, tenantId: string, body: IvrMenuCreateBody & { context: string }) =>
  tx
    .insertInto('ivrMenus')
    .values({ ...menuColumns(body), tenantId, name: body.name, context: body.context })
    .returningAll()
    .executeTakeFirstOrThrow();

/** With no column (a change of options only) the row is still touched: its updatedAt moves. */
export const updateMenu = (tx: Tx, id: string, columns: Updateable<IvrMenusTable>) =>
  tx
    .updateTable('ivrMenus')
    .set(Object.keys(columns).length > 0 ? columns : { updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Option targets that are not live extension numbers of the tenant. */
export async function unknownExtensions(tx: Tx, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await tx.selectFrom('extensions').select('number').where('deletedAt', 'is', null).where('number', 'in', numbers).execute();
  const known = new Set(rows.map((row) => row.number));
  return new Set(numbers.filter((number) => !known.has(number)));
}

/** Of these queue ids, the tenant's live queues. */
export async function liveQueues(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.selectFrom('queues').select('id').where('deletedAt', 'is', null).where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** The tenant's live menus: id → context and failure target (for targets and loop checks). */
export async function menuDirectory(tx: Tx): Promise<Map<string, { context: string; failure: StoredTarget }>> {
  const rows = await live(tx).execute();
  return new Map(rows.map((row) => [row.id, { context: row.context, failure: failureTargetOf(row) }]));
}

/** Names of the other live menus whose options or failure target send callers to this target. */
export async function menusTargeting(tx: Tx, type: 'EXTENSION' | 'QUEUE' | 'IVR', value: string, except?: string): Promise<string[]> {
  const optionColumn = type === 'EXTENSION' ? 'o.targetExtension' : type === 'QUEUE' ? 'o.targetQueueId' : 'o.targetMenuId';
  const failureColumn = type === 'EXTENSION' ? 'failureTargetExtension' : type === 'QUEUE' ? 'failureTargetQueueId' : 'failureTargetMenuId';
  const byOption = await tx
    .selectFrom('ivrOptions as o')
    .innerJoin('ivrMenus as m', 'm.id', 'o.menuId')
    .select(['m.id', 'm.name'])
    .where('m.deletedAt', 'is', null)
    .where('o.targetType', '=', type)
    .where(optionColumn, '=', value)
    .execute();
  const byFailure = await live(tx).select(['id', 'name']).where('failureTargetType', '=', type).where(failureColumn, '=', value).execute();
  const names = new Map([...byOption, ...byFailure].filter((row) => row.id !== except).map((row) => [row.id, row.name]));
  return [...names.values()].sort();
}

/** A context the tenant's dialplan rules or versions already use (default, or one of theirs). */
export async function contextHasDialplan(tx: Tx, context: string): Promise<boolean> {
  const rule = await tx.selectFrom('dialplanRules').select('id').where('context', '=', context).executeTakeFirst();
  if (rule) return true;
  const version = await tx.selectFrom('dialplanVersions').select('id').where('context', '=', context).executeTakeFirst();
  return version !== undefined;
}
