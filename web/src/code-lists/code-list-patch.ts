import type { CodeListInput, CodeListItem } from './code-lists.api.ts';

/** The form's values as the server wants them: trimmed, and the action only where the list has one. */
export function codeListInput(values: CodeListInput, hasAction: boolean): CodeListInput {
  const { code, name, enabled, action } = values;
  return { code: code.trim(), name: name.trim(), enabled, ...(hasAction && action && { action }) };
}

/** Only what changed, so the audit log names the fields that really moved (empty: nothing to send). */
export function codeListPatch(item: CodeListItem, input: CodeListInput): Partial<CodeListInput> {
  return {
    ...(input.code !== item.code && { code: input.code }),
    ...(input.name !== item.name && { name: input.name }),
    ...(input.enabled !== item.enabled && { enabled: input.enabled }),
    ...(input.action !== undefined && input.action !== item.action && { action: input.action }),
  };
}
