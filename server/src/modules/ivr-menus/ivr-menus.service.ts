// IVR menus. Every change recompiles the menu's own context and activates it as a new version
// (the previous one SUPERSEDED) in the same transaction as the menu change, and marks the
// dialplan for the switch. Prompts are WAV files in object storage, one per menu: each upload under
// a key of its own, the file it replaced deleted after the commit (decision 0055).
import { randomUUID } from 'node:crypto';
import { E } from '../../platform/http/error-codes.ts';
import type { Readable } from 'node:stream';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuditAction } from '../../platform/audit/audit-actions.ts';
import { isUniqueViolation, type Tx } from '../../platform/db/database.ts';
import { routedTo } from '../inbound-routes/inbound-routes.repo.ts';
import { badRequest, conflict, notFound, type ErrorDetail } from '../../platform/http/errors.ts';
import { currentObject, deleteAfterCommit, storeAndPoint } from '../../platform/storage/replace.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import { promptSoundPath } from '../../platform/switch/naming.ts';
import type { ModuleServices } from '../module-services.ts';
import { tenantScope } from '../dialplan/dialplan.repo.ts';
import { RESERVED_CONTEXT } from '../dialplan/dialplan.service.ts';
import { DEFAULT_CONTEXT } from '../tenants/tenants.service.ts';
import { checkSafeData } from '../dialplan/safe-data.ts';
import { insertVersion, lockContext, supersedeActive } from '../dialplan/dialplan.versions.ts';
import { compileIvrMenu, type CompiledTarget } from './ivr.compiler.ts';
import * as repo from './ivr-menus.repo.ts';
import type { IvrMenu, IvrMenuCreateBody, IvrMenuPatchBody, IvrOption, IvrTargetInput } from './ivr-menus.schema.ts';
import { readWav, SUPPORTED_WAV } from './wav.ts';


/** Contexts a menu may never take: the tenant's main context and the platform's inbound one. */
const RESERVED = new Set([DEFAULT_CONTEXT, RESERVED_CONTEXT]);

/** Pure: a context name from a menu name ("Atendimento Geral" → "atendimento-geral"). */
export function contextFromName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'menu';
}

const TARGET_FIELD = { EXTENSION: 'targetExtension', QUEUE: 'targetQueueId', IVR: 'targetMenuId', HANGUP: null } as const;
const TARGET_FIELDS = ['targetExtension', 'targetQueueId', 'targetMenuId'] as const;

/** Pure: a target carries the one field its type needs and no other (EXTENSION when no type). */
export function targetProblems(path: string, target: IvrTargetInput): ErrorDetail[] {
  const type = target.targetType ?? 'EXTENSION';
  const needed = TARGET_FIELD[type];
  const details: ErrorDetail[] = [];
  for (const field of TARGET_FIELDS) {
    const given = target[field] !== undefined && target[field] !== null;
    if (field === needed && !given) details.push({ path: `${path}.${field}`, message: `is required for a ${type} target` });
    if (field !== needed && given) details.push({ path: `${path}.${field}`, message: `must not be given for a ${type} target` });
  }
  return details;
}

type MenuBody = { greeting?: string; options?: IvrOption[]; failureTarget?: IvrTargetInput };

/** Pure: the 400s a menu body can earn without looking at the database. */
export function bodyProblems(body: MenuBody): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const greeting = body.greeting === undefined ? null : checkSafeData(body.greeting, { maxLength: 500 });
  if (greeting) details.push({ path: 'greeting', message: greeting });
  const seen = new Set<string>();
  (body.options ?? []).forEach((option, index) => {
    if (seen.has(option.digit)) details.push({ path: `options.${index}.digit`, message: `digit ${option.digit} is used twice` });
    seen.add(option.digit);
    details.push(...targetProblems(`options.${index}`, option));
  });
  if (body.failureTarget) details.push(...targetProblems('failureTarget', body.failureTarget));
  return details;
}

/** Pure: whether following failure targets from `failure` comes back to `menuId` (a caller who never presses a key would go round forever). */
export function failureLoops(menuId: string, failure: IvrTargetInput, failureOf: (menuId: string) => IvrTargetInput | undefined): boolean {
  const seen = new Set<string>();
  let current: IvrTargetInput | undefined = failure;
  while (current?.targetType === 'IVR' && current.targetMenuId) {
    const next: string = current.targetMenuId;
    if (next === menuId) return true;
    if (seen.has(next)) return false;
    seen.add(next);
    current = failureOf(next);
  }
  return false;
}

/** One upload's own key: two uploads for one menu never write the same object. */
export const promptKey = (tenantId: string, menuId: string, uploadId: string) => `tenants/${tenantId}/prompts/${menuId}-${uploadId}.wav`;

export class IvrMenusService {
  constructor(
    private readonly services: Pick<ModuleServices, 'db' | 'storage' | 'log'>,
    private readonly confDir: string,
  ) {}

  async list(tenantId: string): Promise<IvrMenu[]> {
    return this.services.db.withTenant(tenantId, async (tx) => {
      const menus = await repo.listMenus(tx);
      const options = await repo.optionsOf(tx, menus.map((menu) => menu.id));
      return menus.map((menu) => repo.toMenu(menu, options));
    });
  }

  async get(tenantId: string, id: string): Promise<IvrMenu> {
    return this.services.db.withTenant(tenantId, async (tx) => {
      const menu = await found(tx, id);
      return repo.toMenu(menu, await repo.optionsOf(tx, [id]));
    });
  }

  async create(actor: TenantActor, body: IvrMenuCreateBody): Promise<IvrMenu> {
    assertBody(body);
    const context = body.context ?? contextFromName(body.name);
    return this.uniqueContext(context, () =>
      this.services.db.withTenant(actor.tenantId, async (tx) => {
        await assertContextFree(tx, context);
        await assertTargets(tx, body.options ?? [], body.failureTarget);
        const menu = await repo.insertMenu(tx, actor.tenantId, { ...body, context });
        await repo.replaceOptions(tx, actor.tenantId, menu.id, body.options ?? []);
        return this.publish(tx, actor, menu, 'IVR_MENU_CREATED', { name: menu.name, context });
      }),
    );
  }

  async update(actor: TenantActor, id: string, body: IvrMenuPatchBody): Promise<IvrMenu> {
    assertBody(body);
    return this.uniqueContext(body.context ?? '', () =>
      this.services.db.withTenant(actor.tenantId, async (tx) => {
        const current = await found(tx, id);
        if (body.context !== undefined && body.context !== current.context) {
          await assertNotRouted(tx, current);
          await assertNotTargeted(tx, id);
          await assertContextFree(tx, body.context);
          // The old context leaves the switch: no version of it stays active.
          await lockContext(tx, actor.tenantId, current.context);
          await supersedeActive(tx, current.context);
        }
        await assertTargets(tx, body.options ?? [], body.failureTarget);
        if (body.failureTarget !== undefined) await assertNoFailureLoop(tx, id, body.failureTarget);
        if (body.options !== undefined) await repo.replaceOptions(tx, actor.tenantId, id, body.options);
        const menu = await repo.updateMenu(tx, id, repo.menuColumns(body));
        return this.publish(tx, actor, menu, 'IVR_MENU_UPDATED', { context: menu.context, changed: Object.keys(body) });
      }),
    );
  }

  // Object storage (possibly remote) is never called inside a transaction: a prompt is written
  // before the row points at it, and deleted only after the row stopped pointing at it. The row is
  // locked whenever its prompt changes, so the key read is the one the change replaces.

  /** Soft delete: its context stops being active and its prompt file is deleted. */
  async remove(actor: TenantActor, id: string): Promise<void> {
    const prompt = await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const menu = await locked(tx, id);
      await assertNotRouted(tx, menu);
      await assertNotTargeted(tx, id);
      await repo.updateMenu(tx, id, { deletedAt: new Date(), promptObjectKey: null, promptSizeBytes: null });
      await lockContext(tx, actor.tenantId, menu.context);
      await supersedeActive(tx, menu.context);
      await markSwitchConfigChanged(tx, actor.tenantId, 'dialplan');
      await recordAudit(tx, actor, { action: 'IVR_MENU_DELETED', targetType: 'ivr_menu', targetId: id, details: { context: menu.context } });
      return menu.promptObjectKey;
    });
    if (prompt) await deleteAfterCommit(this.services, prompt);
  }

  /** Checks the WAV header and format before anything is stored; replaces the previous prompt. */
  async uploadPrompt(actor: TenantActor, id: string, audio: Buffer): Promise<IvrMenu> {
    const wav = readWav(audio);
    if ('problem' in wav) throw badRequest(E.INVALID_WAV, `The prompt must be a WAV file (RIFF/WAVE) of ${SUPPORTED_WAV}`, [{ path: 'file', message: wav.problem }]);
    const { db } = this.services;
    await db.withTenant(actor.tenantId, (tx) => found(tx, id));
    return storeAndPoint(this.services, promptKey(actor.tenantId, id, randomUUID()), audio, (key) =>
      db.withTenant(actor.tenantId, async (tx) => {
        // Locked: of parallel uploads, the last to commit is the one the row describes.
        const current = await locked(tx, id);
        const menu = await repo.updateMenu(tx, id, { promptObjectKey: key, promptSizeBytes: audio.length });
        const result = await this.publish(tx, actor, menu, 'IVR_PROMPT_UPLOADED', { sizeBytes: audio.length, replaced: current.promptObjectKey !== null });
        return { result, previous: current.promptObjectKey };
      }),
    );
  }

  async removePrompt(actor: TenantActor, id: string): Promise<void> {
    const removed = await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const current = await locked(tx, id);
      if (!current.promptObjectKey) throw notFound('prompt');
      const menu = await repo.updateMenu(tx, id, { promptObjectKey: null, promptSizeBytes: null });
      await this.publish(tx, actor, menu, 'IVR_PROMPT_REMOVED', {});
      return current.promptObjectKey;
    });
    await deleteAfterCommit(this.services, removed);
  }

  async prompt(tenantId: string, id: string): Promise<{ stream: Readable; size: number }> {
    const { db, storage } = this.services;
    const object = await currentObject(storage, async () => (await db.withTenant(tenantId, (tx) => found(tx, id))).promptObjectKey);
    if (!object) throw notFound('prompt');
    return object;
  }

  /** Compiles the menu's context, activates it as a new version, marks the switch, audits. */
  private async publish(tx: Tx, actor: TenantActor, menu: repo.MenuRow, action: AuditAction, details: Record<string, unknown>): Promise<IvrMenu> {
    const options = await repo.optionsOf(tx, [menu.id]);
    const { tenantCode } = await tenantScope(tx);
    const menus = await repo.menuDirectory(tx);
    const compiled = (target: repo.StoredTarget): CompiledTarget => {
      switch (target.targetType) {
        case 'EXTENSION':
          return { type: 'EXTENSION', extension: target.targetExtension! };
        case 'QUEUE':
          return { type: 'QUEUE', queueId: target.targetQueueId! };
        case 'IVR':
          // A menu targeting itself ("press 9 to hear it again") is not in the list while it is being created.
          return { type: 'IVR', context: target.targetMenuId === menu.id ? menu.context : menus.get(target.targetMenuId!)!.context };
        case 'HANGUP':
          return { type: 'HANGUP' };
      }
    };
    const xml = compileIvrMenu({
      tenantCode,
      context: menu.context,
      greeting: menu.greeting,
      promptPath: menu.promptObjectKey ? promptSoundPath(this.confDir, tenantCode, menu.id) : null,
      options: options.map((option) => ({ digit: option.digit, target: compiled(option) })),
      timeoutSeconds: menu.timeoutSeconds,
      maxFailures: menu.maxFailures,
      failureTarget: compiled(repo.failureTargetOf(menu)),
    });
    const version = await insertVersion(tx, { tenantId: actor.tenantId, context: menu.context, xml, createdBy: actor.userId }, 'ACTIVE');
    await markSwitchConfigChanged(tx, actor.tenantId, 'dialplan');
    await recordAudit(tx, actor, { action, targetType: 'ivr_menu', targetId: menu.id, details: { ...details, version: version.number } });
    return repo.toMenu(menu, options);
  }

  private async uniqueContext<T>(context: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'ivr_menus_tenant_id_context_key')) throw contextTaken(context);
      throw error;
    }
  }
}

const contextTaken = (context: string) => conflict('ivrMenuContext', context, `An IVR menu with context ${context} already exists (contexts are never reused)`);

const isTargetPath = (path: string | undefined) => path !== undefined && /(^failureTarget|\.target[A-Za-z]+$)/.test(path);

function assertBody(body: MenuBody): void {
  const details = bodyProblems(body);
  if (details.length === 0) return;
  const code = details.some((detail) => detail.path === 'greeting')
    ? E.DIALPLAN_NOT_ALLOWED
    : details.some((detail) => isTargetPath(detail.path))
      ? E.INVALID_IVR_TARGET
      : E.DUPLICATE_DIGIT;
  throw badRequest(code, 'The IVR menu is not valid', details);
}

async function found(tx: Tx, id: string): Promise<repo.MenuRow> {
  const menu = await repo.findMenu(tx, id);
  if (!menu) throw notFound('ivrMenu');
  return menu;
}

/** The row locked: uploads, prompt removals and the menu's delete wait for each other. */
async function locked(tx: Tx, id: string): Promise<repo.MenuRow> {
  const menu = await repo.lockMenu(tx, id);
  if (!menu) throw notFound('ivrMenu');
  return menu;
}

async function assertContextFree(tx: Tx, context: string): Promise<void> {
  if (RESERVED.has(context)) throw badRequest(E.CONTEXT_RESERVED, `The context ${context} is reserved`, [{ path: 'context', message: 'is reserved' }], { context });
  const menu = await tx.selectFrom('ivrMenus').select('id').where('context', '=', context).executeTakeFirst();
  if (menu) throw contextTaken(context);
  if (await repo.contextHasDialplan(tx, context)) {
    throw badRequest(E.CONTEXT_RESERVED, `The context ${context} is used by dialplan rules`, [{ path: 'context', message: 'is used by dialplan rules' }], { context });
  }
}

/**
 * Every target is one of the tenant's own live extensions, queues or menus (row-level security
 * hides other tenants' rows, so their ids read as unknown). An unknown extension keeps its older
 * code, INVALID_TARGET_EXTENSION, when it is the only problem.
 */
async function assertTargets(tx: Tx, options: IvrOption[], failure: IvrTargetInput | undefined): Promise<void> {
  const targets = [
    ...options.map((option, index) => ({ path: `options.${index}`, target: repo.storedTarget(option) })),
    ...(failure ? [{ path: 'failureTarget', target: repo.storedTarget(failure) }] : []),
  ];
  const extensions = await repo.unknownExtensions(tx, targets.flatMap(({ target }) => (target.targetExtension ? [target.targetExtension] : [])));
  const queues = await repo.liveQueues(tx, targets.flatMap(({ target }) => (target.targetQueueId ? [target.targetQueueId] : [])));
  const menus = await repo.menuDirectory(tx);
  const details: ErrorDetail[] = [];
  let onlyExtensions = true;
  for (const { path, target } of targets) {
    if (target.targetExtension && extensions.has(target.targetExtension)) {
      details.push({ path: `${path}.targetExtension`, message: 'is not an extension of this tenant' });
    } else if (target.targetQueueId && !queues.has(target.targetQueueId)) {
      details.push({ path: `${path}.targetQueueId`, message: 'is not a queue of this tenant' });
      onlyExtensions = false;
    } else if (target.targetMenuId && !menus.has(target.targetMenuId)) {
      details.push({ path: `${path}.targetMenuId`, message: 'is not an IVR menu of this tenant' });
      onlyExtensions = false;
    }
  }
  if (details.length === 0) return;
  if (onlyExtensions) throw badRequest(E.INVALID_TARGET_EXTENSION, 'An option targets an unknown extension', details);
  throw badRequest(E.INVALID_IVR_TARGET, 'A target is not an extension, queue or IVR menu of this tenant', details);
}

async function assertNoFailureLoop(tx: Tx, menuId: string, failure: IvrTargetInput): Promise<void> {
  const menus = await repo.menuDirectory(tx);
  if (!failureLoops(menuId, repo.storedTarget(failure), (id) => menus.get(id)?.failure)) return;
  throw badRequest(E.IVR_TARGET_LOOP, 'Callers who press nothing would go round these menus forever: the failure target leads back to this menu', [
    { path: 'failureTarget.targetMenuId', message: 'leads back to this menu' },
  ]);
}

/** Another menu sends callers here (its options or failure target refer to this menu's id). */
async function assertNotTargeted(tx: Tx, menuId: string): Promise<void> {
  const menus = await repo.menusTargeting(tx, 'IVR', menuId, menuId);
  if (menus.length === 0) return;
  throw badRequest(E.IVR_MENU_IN_USE, `The IVR menus ${menus.join(', ')} send callers to this menu; change them first`, [
    { path: 'id', message: `targeted by ${menus.join(', ')}` },
  ]);
}

/** A route names the menu by id (decision 0074); a route older than that by its context. */
async function assertNotRouted(tx: Tx, { id, context }: { id: string; context: string }): Promise<void> {
  if ((await routedTo(tx, 'IVR', id)) || (await routedTo(tx, 'IVR', context))) {
    throw badRequest(E.IVR_MENU_IN_USE, `An inbound route sends calls to ${context}; change the route first`, undefined, { context });
  }
}
