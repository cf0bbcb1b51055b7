// A row that points at one stored object (an IVR prompt, an abandon message), changed safely while
// other requests change it too (decision 0055). Storage (possibly remote) is never called inside a
// transaction: each upload writes under a key of its own first, the row is then pointed at it under
// the row's lock, and only after the commit is the object it replaced deleted.
import type { Logger } from 'pino';
import type { ObjectBody, ObjectStorage, StoredObject } from './storage.ts';

export interface StoredObjectDeps {
  storage: ObjectStorage;
  log: Pick<Logger, 'warn'>;
}

/** What the transaction did: its answer, and the key the row pointed at before (null: none). */
export interface Pointed<T> {
  result: T;
  previous: string | null;
}

/**
 * Stores `body` under `key` (new, unique to this upload), then runs `point`, the transaction that
 * locks the row and points it at `key`. A failed transaction deletes its own object; a committed
 * one deletes the object the row pointed at before.
 */
export async function storeAndPoint<T>(deps: StoredObjectDeps, key: string, body: ObjectBody, point: (key: string) => Promise<Pointed<T>>): Promise<T> {
  await deps.storage.put(key, body);
  let pointed: Pointed<T>;
  try {
    pointed = await point(key);
  } catch (error) {
    // No row points at it: nobody else would ever delete it.
    await deleteAfterCommit(deps, key);
    throw error;
  }
  if (pointed.previous !== null && pointed.previous !== key) await deleteAfterCommit(deps, pointed.previous);
  return pointed.result;
}

/**
 * Deletes an object no row points at any more. The database change is committed by then, so a
 * failed delete must not fail the request: the key is logged for a later cleanup instead.
 */
export async function deleteAfterCommit(deps: StoredObjectDeps, key: string): Promise<void> {
  try {
    await deps.storage.delete(key);
  } catch (error) {
    const { name, code } = (error ?? {}) as { name?: string; code?: string };
    deps.log.warn({ objectKey: key, storage: deps.storage.kind, error: code ?? name ?? 'unknown' }, 'A stored object no row points at could not be deleted; remove it later');
  }
}

/**
 * The object the row points at now. A replacement may commit, and delete the object just read
 * from the row, between the two reads: then the row is read again rather than answering "none".
 */
export async function currentObject(storage: ObjectStorage, readKey: () => Promise<string | null>): Promise<StoredObject | null> {
  let key = await readKey();
  for (let attempt = 0; key !== null && attempt < 3; attempt += 1) {
    const object = await storage.get(key);
    if (object) return object;
    const now = await readKey();
    if (now === key) return null;
    key = now;
  }
  return null;
}
