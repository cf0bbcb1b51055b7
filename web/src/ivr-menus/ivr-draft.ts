// Pure: the editor's working copy of a menu, and the PATCH that saves it. Options carry a local
// key because the digit itself can be edited; positions stay null until the user places a node,
// so unplaced nodes keep following the automatic layout after a save.
import { DIGIT_ORDER, compareDigits, type XY } from './ivr-layout.ts';
import type { IvrMenu, IvrMenuPatch, IvrTarget, IvrTargetType, TargetInput } from './ivr-menus.api.ts';

/** A target being edited: its type and the value of that type ('' while none is chosen). */
export interface DraftTarget {
  type: IvrTargetType;
  /** The extension number, queue id or menu id; unused for HANGUP. */
  value: string;
}

export interface DraftOption {
  key: string;
  digit: string;
  target: DraftTarget;
  label: string;
  position: XY | null;
}

export interface IvrDraft {
  name: string;
  context: string;
  greeting: string;
  entryPosition: XY | null;
  options: DraftOption[];
  timeoutSeconds: number;
  maxFailures: number;
  failureTarget: DraftTarget;
}

export function draftTarget(target: IvrTarget): DraftTarget {
  const value = { EXTENSION: target.targetExtension, QUEUE: target.targetQueueId, IVR: target.targetMenuId, HANGUP: null }[target.targetType];
  return { type: target.targetType, value: value ?? '' };
}

export function targetInput(target: DraftTarget): TargetInput {
  switch (target.type) {
    case 'EXTENSION':
      return { targetType: 'EXTENSION', targetExtension: target.value.trim() };
    case 'QUEUE':
      return { targetType: 'QUEUE', targetQueueId: target.value };
    case 'IVR':
      return { targetType: 'IVR', targetMenuId: target.value };
    case 'HANGUP':
      return { targetType: 'HANGUP' };
  }
}

/** Whether the target names what its type needs. */
export const targetComplete = (target: DraftTarget) => target.type === 'HANGUP' || target.value.trim() !== '';

/** The server's limit, which is also the number of keys on the phone pad. */
export const MAX_OPTIONS = DIGIT_ORDER.length;

const positionOf = (x: number | null, y: number | null): XY | null =>
  x === null || y === null ? null : { x, y };

export function draftFromMenu(menu: IvrMenu): IvrDraft {
  return {
    name: menu.name,
    context: menu.context,
    greeting: menu.greeting,
    entryPosition: positionOf(menu.entryPositionX, menu.entryPositionY),
    options: menu.options.map((option, index) => ({
      key: `option-${index}`,
      digit: option.digit,
      target: draftTarget(option),
      label: option.label ?? '',
      position: positionOf(option.positionX, option.positionY),
    })),
    timeoutSeconds: menu.timeoutSeconds,
    maxFailures: menu.maxFailures,
    failureTarget: draftTarget(menu.failureTarget),
  };
}

export function draftToPatch(draft: IvrDraft): IvrMenuPatch {
  return {
    name: draft.name.trim(),
    context: draft.context.trim(),
    greeting: draft.greeting,
    entryPositionX: draft.entryPosition?.x ?? null,
    entryPositionY: draft.entryPosition?.y ?? null,
    options: draft.options.map((option) => ({
      digit: option.digit,
      ...targetInput(option.target),
      label: option.label.trim() || null,
      positionX: option.position?.x ?? null,
      positionY: option.position?.y ?? null,
    })),
    timeoutSeconds: draft.timeoutSeconds,
    maxFailures: draft.maxFailures,
    failureTarget: targetInput(draft.failureTarget),
  };
}

/** Whether saving the draft would change what the server holds (which lists options by digit). */
export function hasChanges(draft: IvrDraft, menu: IvrMenu): boolean {
  const comparable = (of: IvrDraft) => {
    const patch = draftToPatch(of);
    return JSON.stringify({
      ...patch,
      options: patch.options?.sort((a, b) => compareDigits(a.digit, b.digit)),
    });
  };
  return comparable(draft) !== comparable(draftFromMenu(menu));
}

/** The keys no other option uses, in keypad order; `exceptKey` is the option being edited. */
export function freeDigits(options: readonly DraftOption[], exceptKey?: string): string[] {
  const taken = new Set(options.filter((option) => option.key !== exceptKey).map((option) => option.digit));
  return DIGIT_ORDER.filter((digit) => !taken.has(digit));
}

export function nextOptionKey(options: readonly DraftOption[]): string {
  const keys = new Set(options.map((option) => option.key));
  let index = options.length;
  while (keys.has(`option-${index}`)) index += 1;
  return `option-${index}`;
}
