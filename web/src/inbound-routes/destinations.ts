// Pure helpers for what a route points at: the choices a picker offers per destination type, the
// human name a table shows for a stored destination, and the patch an edit sends.
import { extensionLabel, sortedExtensions } from '../extensions/extension-label.ts';
import type { DestinationType, InboundRoute, InboundRouteInput } from './inbound-routes.api.ts';

export interface DestinationChoice {
  /** What the server stores in destinationNumber. */
  value: string;
  label: string;
}

/** The tenant's destinations; a list is absent when it could not be read (no permission, loading). */
export interface DestinationSources {
  extensions?: readonly { number: string; callerId: string | null; callGroup: string | null }[];
  ivrMenus?: readonly { id: string; name: string; context: string }[];
  queues?: readonly { id: string; name: string }[];
}

/** The server accepts a call group only when an extension of the tenant uses it. */
export function callGroupsOf(extensions: DestinationSources['extensions'] = []): string[] {
  const groups = new Set<string>();
  for (const extension of extensions) if (extension.callGroup) groups.add(extension.callGroup);
  return [...groups].sort((a, b) => a.localeCompare(b));
}

/** What the picker offers for a type, or null when that list is unknown (the picker falls back to text). */
export function destinationChoices(
  type: DestinationType,
  sources: DestinationSources,
): DestinationChoice[] | null {
  switch (type) {
    case 'EXTENSION':
      return sources.extensions
        ? sortedExtensions(sources.extensions).map((extension) => ({
            value: extension.number,
            label: extensionLabel(extension),
          }))
        : null;
    case 'IVR':
      // By id, as a queue (decision 0074): renaming a menu's context never breaks its routes.
      return sources.ivrMenus?.map((menu) => ({ value: menu.id, label: menu.name })) ?? null;
    case 'QUEUE':
      return sources.queues?.map((queue) => ({ value: queue.id, label: queue.name })) ?? null;
    case 'CALL_GROUP':
      return sources.extensions
        ? callGroupsOf(sources.extensions).map((group) => ({ value: group, label: group }))
        : null;
  }
}

/** The destination's human name, or null when it is not (or no longer) among the tenant's rows. */
export function destinationName(
  type: DestinationType,
  value: string,
  sources: DestinationSources,
): string | null {
  // A route stored by a menu's context (before decision 0074) still shows the menu's name.
  const menu = type === 'IVR' ? sources.ivrMenus?.find((item) => item.context === value) : undefined;
  if (menu) return menu.name;
  return destinationChoices(type, sources)?.find((choice) => choice.value === value)?.label ?? null;
}

/**
 * Only what changed, so an edit of the description does not re-check a destination that has
 * since been deleted. A destination is sent as a pair: the type decides how the value is read.
 */
export function routePatch(original: InboundRoute, draft: InboundRouteInput): Partial<InboundRouteInput> {
  const patch: Partial<InboundRouteInput> = {};
  if (draft.didNumber !== original.didNumber) patch.didNumber = draft.didNumber;
  if (
    draft.destinationType !== original.destinationType ||
    draft.destinationNumber !== original.destinationNumber
  ) {
    patch.destinationType = draft.destinationType;
    patch.destinationNumber = draft.destinationNumber;
  }
  if (draft.description !== original.description) patch.description = draft.description;
  return patch;
}
