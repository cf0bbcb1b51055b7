import { describe, expect, it } from 'vitest';
import {
  draftFromMenu,
  draftToPatch,
  freeDigits,
  hasChanges,
  nextOptionKey,
  type DraftOption,
} from './ivr-draft.ts';
import type { IvrMenu } from './ivr-menus.api.ts';

const menu: IvrMenu = {
  id: 'm1',
  name: 'Atendimento',
  context: 'atendimento',
  greeting: 'Bem-vindo',
  hasPrompt: false,
  promptSizeBytes: null,
  entryPositionX: 10,
  entryPositionY: null,
  options: [
    { digit: '1', targetType: 'EXTENSION', targetExtension: '101', targetQueueId: null, targetMenuId: null, label: 'Vendas', positionX: 300, positionY: 40 },
    { digit: '2', targetType: 'QUEUE', targetExtension: null, targetQueueId: 'q1', targetMenuId: null, label: null, positionX: null, positionY: null },
  ],
  timeoutSeconds: 5,
  maxFailures: 3,
  failureTarget: { targetType: 'IVR', targetExtension: null, targetQueueId: null, targetMenuId: 'm2' },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const option = (key: string, digit: string): DraftOption => ({
  key,
  digit,
  target: { type: 'EXTENSION', value: '101' },
  label: '',
  position: null,
});

describe('draftFromMenu / draftToPatch', () => {
  it('reads a half-saved position as unplaced and writes the whole menu back', () => {
    const draft = draftFromMenu(menu);
    expect(draft.entryPosition).toBeNull();
    expect(draft.options.map((item) => item.position)).toEqual([{ x: 300, y: 40 }, null]);
    expect(draftToPatch(draft)).toEqual({
      name: 'Atendimento',
      context: 'atendimento',
      greeting: 'Bem-vindo',
      entryPositionX: null,
      entryPositionY: null,
      options: [
        { digit: '1', targetType: 'EXTENSION', targetExtension: '101', label: 'Vendas', positionX: 300, positionY: 40 },
        { digit: '2', targetType: 'QUEUE', targetQueueId: 'q1', label: null, positionX: null, positionY: null },
      ],
      timeoutSeconds: 5,
      maxFailures: 3,
      failureTarget: { targetType: 'IVR', targetMenuId: 'm2' },
    });
  });

  it('trims names and labels, and sends an empty label as null', () => {
    const draft = draftFromMenu(menu);
    const patch = draftToPatch({
      ...draft,
      name: '  Suporte ',
      options: [{ ...draft.options[0]!, label: '   ' }],
    });
    expect(patch.name).toBe('Suporte');
    expect(patch.options).toEqual([
      { digit: '1', targetType: 'EXTENSION', targetExtension: '101', label: null, positionX: 300, positionY: 40 },
    ]);
  });

  it('sends each target with only the field of its type', () => {
    const draft = draftFromMenu(menu);
    const patch = draftToPatch({
      ...draft,
      options: [
        { ...draft.options[0]!, target: { type: 'HANGUP', value: '101' } },
        { ...draft.options[1]!, target: { type: 'IVR', value: 'm3' } },
      ],
      failureTarget: { type: 'EXTENSION', value: ' 102 ' },
    });
    expect(patch.options).toEqual([
      { digit: '1', targetType: 'HANGUP', label: 'Vendas', positionX: 300, positionY: 40 },
      { digit: '2', targetType: 'IVR', targetMenuId: 'm3', label: null, positionX: null, positionY: null },
    ]);
    expect(patch.failureTarget).toEqual({ targetType: 'EXTENSION', targetExtension: '102' });
  });
});

describe('hasChanges', () => {
  it('is false for a fresh draft and true once a node is placed or a field edited', () => {
    const draft = draftFromMenu(menu);
    expect(hasChanges(draft, menu)).toBe(false);
    expect(hasChanges({ ...draft, entryPosition: { x: 0, y: 0 } }, menu)).toBe(true);
    expect(hasChanges({ ...draft, greeting: 'Olá' }, menu)).toBe(true);
    expect(hasChanges({ ...draft, maxFailures: 2 }, menu)).toBe(true);
    expect(hasChanges({ ...draft, failureTarget: { type: 'HANGUP', value: '' } }, menu)).toBe(true);
  });

  it('ignores the order of the options, which the server sorts by digit', () => {
    const draft = draftFromMenu(menu);
    expect(hasChanges({ ...draft, options: [...draft.options].reverse() }, menu)).toBe(false);
  });
});

describe('freeDigits', () => {
  it('lists the unused keys in keypad order, keeping the edited option its own digit', () => {
    const options = [option('a', '1'), option('b', '0')];
    expect(freeDigits(options)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '*', '#']);
    expect(freeDigits(options, 'b')).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#']);
  });
});

describe('nextOptionKey', () => {
  it('never reuses a key in use', () => {
    expect(nextOptionKey([])).toBe('option-0');
    expect(nextOptionKey([option('option-1', '1')])).toBe('option-2');
  });
});
