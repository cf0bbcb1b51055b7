// Rules and versions belong to a context; the page shows one context at a time. Pure.

/** Every tenant starts with rules and an ACTIVE version in this context. */
export const DEFAULT_CONTEXT = 'default';

/** The contexts that hold rules or versions, the default one always included, sorted. */
export function contextsOf(...lists: readonly (readonly { context: string }[] | undefined)[]): string[] {
  const contexts = new Set([DEFAULT_CONTEXT]);
  for (const list of lists) for (const item of list ?? []) contexts.add(item.context);
  return [...contexts].sort((a, b) => a.localeCompare(b));
}

export function inContext<T extends { context: string }>(
  list: readonly T[] | undefined,
  context: string,
): T[] | undefined {
  return list?.filter((item) => item.context === context);
}
