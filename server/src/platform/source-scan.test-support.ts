// Shared by the catalog tests (error codes, audit actions): they read the server's own source to
// find what it can answer or record, and the console's translation files to check each is worded.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The server's sources: every .ts file under src except tests. */
export const SERVER_SRC = path.resolve(import.meta.dirname, '..');

export function serverSourceFiles(dir = SERVER_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text between the parentheses of each call the pattern finds (the pattern ends at the '('). */
export function callArguments(source: string, call: RegExp): string[] {
  return [...source.matchAll(call)].map((match) => {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < source.length && depth > 0) {
      const char = source[end];
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      end += 1;
    }
    return source.slice(match.index + match[0].length, end - 1);
  });
}

export type MessageTree = { [key: string]: string | MessageTree };

/** One top-level key of a console translation file, e.g. ('web/src/audit/audit.en.json', 'audit'). */
export function consoleMessages(fileFromRepositoryRoot: string, topKey: string): MessageTree {
  const file = path.resolve(SERVER_SRC, '../..', fileFromRepositoryRoot);
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, MessageTree>)[topKey]!;
}

/** `group.key` for every key the group of the tree does not word. */
export const unworded = (tree: MessageTree, group: string, keys: readonly string[]) =>
  keys.filter((key) => typeof (tree[group] as MessageTree | undefined)?.[key] !== 'string').map((key) => `${group}.${key}`);
