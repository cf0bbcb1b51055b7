// Pure: an option's destination as people know it. The server transfers an option to an
// extension number; the tenant's extension list, when the user may read it, adds its caller ID.
import { extensionLabel } from '../extensions/extension-label.ts';
import type { Extension } from '../extensions/extensions.api.ts';

export type Destination =
  /** The extension's label ("101 — Sales"), or the bare number when the list is unknown. */
  | { kind: 'extension'; label: string }
  /** No extension of the tenant has this number any more. */
  | { kind: 'unknown'; number: string };

export function describeDestination(
  number: string,
  extensions: readonly Pick<Extension, 'number' | 'callerId'>[] | undefined,
): Destination {
  if (!extensions) return { kind: 'extension', label: number };
  const extension = extensions.find((item) => item.number === number);
  return extension ? { kind: 'extension', label: extensionLabel(extension) } : { kind: 'unknown', number };
}
