// Pure: an option's destination as people know it. The server transfers an option to an
// extension number; the tenant's extension list, when the user may read it, adds its caller ID.

export interface ExtensionSummary {
  number: string;
  callerId: string | null;
}

export type Destination =
  | { kind: 'named'; number: string; name: string }
  | { kind: 'plain'; number: string }
  /** No extension of the tenant has this number any more. */
  | { kind: 'unknown'; number: string };

export function describeDestination(
  number: string,
  extensions: readonly ExtensionSummary[] | undefined,
): Destination {
  if (!extensions) return { kind: 'plain', number };
  const extension = extensions.find((item) => item.number === number);
  if (!extension) return { kind: 'unknown', number };
  return extension.callerId ? { kind: 'named', number, name: extension.callerId } : { kind: 'plain', number };
}

/** Extensions in dialing order: 2 before 10, so a long list reads like a phone book. */
export function sortedExtensions<T extends ExtensionSummary>(extensions: readonly T[]): T[] {
  return [...extensions].sort(
    (a, b) => a.number.length - b.number.length || a.number.localeCompare(b.number),
  );
}
