// Pure: how an extension is named and listed wherever the console offers one (agent form,
// inbound route destinations, IVR options).
import type { Extension } from './extensions.api.ts';

/** "1001 — Reception", or the bare number when the extension has no caller ID. */
export const extensionLabel = (extension: Pick<Extension, 'number' | 'callerId'>): string =>
  extension.callerId ? `${extension.number} — ${extension.callerId}` : extension.number;

/** Extensions in dialing order: 2 before 10, so a long list reads like a phone book. */
export function sortedExtensions<T extends Pick<Extension, 'number'>>(extensions: readonly T[]): T[] {
  return [...extensions].sort(
    (a, b) => a.number.length - b.number.length || a.number.localeCompare(b.number),
  );
}
