// Pure: where a per-field reason of a 400 (read by errorDetails) points in the editor, so it can
// name the field in the user's language next to the server's own message.

export type ProblemField = { kind: 'field'; name: string } | { kind: 'option'; index: number };

/** "greeting" → the greeting field; "options.1.targetExtension" → the second option. */
export function problemField(path: string): ProblemField {
  const option = /^options\.(\d+)(\.|$)/.exec(path);
  if (option) return { kind: 'option', index: Number(option[1]) };
  return { kind: 'field', name: path.split('.')[0] ?? path };
}
