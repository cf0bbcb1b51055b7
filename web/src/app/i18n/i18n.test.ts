import { describe, expect, it } from 'vitest';
import { MESSAGE_FILES, MESSAGES, mergeMessages, type MessageTree } from './resources.ts';

function flatten(tree: MessageTree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text);
  }
  return leaves;
}

const english = flatten(MESSAGES.en);
const portuguese = flatten(MESSAGES['pt-BR']);

describe('translation resources', () => {
  it('pt-BR and en declare exactly the same keys', () => {
    expect([...portuguese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('no translation is empty', () => {
    const empty = [...english, ...portuguese].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('both languages use the same interpolation variables', () => {
    const variables = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
    for (const [key, text] of english)
      expect(variables(portuguese.get(key) ?? ''), key).toEqual(variables(text));
  });

  it('each feature file pairs with the same file in the other language', () => {
    const topKeys = (files: readonly MessageTree[]) => files.map((file) => Object.keys(file).sort());
    expect(topKeys(MESSAGE_FILES['pt-BR'])).toEqual(topKeys(MESSAGE_FILES.en));
  });

  it('refuses two files that define the same top-level key', () => {
    expect(() => mergeMessages([{ queues: { title: 'A' } }, { queues: { title: 'B' } }])).toThrow(/queues/);
  });
});
