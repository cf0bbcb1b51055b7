import type { Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { IvrMenusTable, IvrOptionsTable } from '../../platform/db/schema.ts';
import type { IvrMenu, IvrMenuCreateBody, IvrMenuPatchBody, IvrOption } from './ivr-menus.schema.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export type MenuRow = Selectable<IvrMenusTable>;
export type OptionRow = Selectable<IvrOptionsTable>;

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
        targetExtension: option.targetExtension,
        label: option.label,
        positionX: option.positionX,
        positionY: option.positionY,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const live = (tx: Tx) => tx.selectFrom('ivrMenus').selectAll().where('deletedAt', 'is', null);

export const listMenus = (tx: Tx) => live(tx).orderBy('name').execute();

export const findMenu = (tx: Tx, id: string) => live(tx).where('id', '=', id).executeTakeFirst();

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
        targetExtension: option.targetExtension,
        label: option.label ?? null,
        positionX: option.positionX ?? null,
        positionY: option.positionY ?? null,
      })),
    )
    .execute();
}

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
export const menuColumns = (body: IvrMenuPatchBody) => namedColumns(body, ['name', 'context', 'greeting', 'entryPositionX', 'entryPositionY']);

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

/** A context the tenant's dialplan rules or versions already use (default, or one of theirs). */
export async function contextHasDialplan(tx: Tx, context: string): Promise<boolean> {
  const rule = await tx.selectFrom('dialplanRules').select('id').where('context', '=', context).executeTakeFirst();
  if (rule) return true;
  const version = await tx.selectFrom('dialplanVersions').select('id').where('context', '=', context).executeTakeFirst();
  return version !== undefined;
}
