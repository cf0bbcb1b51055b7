// The error catalog is the whole truth: every code the server can answer is in it, and the console
// words every code (and every resource, conflict and validation rule an answer names) in both languages.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFLICT_SUBJECTS, ERROR_CODES, NOT_FOUND_RESOURCES, VALIDATION_RULES } from './error-codes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '../..');
const i18nDir = path.resolve(serverSrc, '../../web/src/app/i18n');

type Tree = { [key: string]: string | Tree };
const translations = (language: string) =>
  (JSON.parse(readFileSync(path.join(i18nDir, `errors.${language}.json`), 'utf8')) as { errors: Tree }).errors;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const ERROR_CALL = /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|errorBody|new AppError)\s*\(/g;

/** UPPER_SNAKE string literals written inside the arguments of an error helper: codes the catalog cannot see. */
function literalCodes(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(ERROR_CALL)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < source.length && depth > 0) {
      const char = source[end];
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      end += 1;
    }
    const args = source.slice(match.index + match[0].length, end - 1);
    for (const literal of args.matchAll(/(['"`])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})\1/g)) found.push(literal[2]!);
  }
  return found;
}

describe('the error catalog', () => {
  it('finds a code written as a literal, so the scan below is not vacuous', () => {
    expect(literalCodes("throw badRequest(\n  'EXTENSON_IN_USE',\n  `in use`,\n);")).toEqual(['EXTENSON_IN_USE']);
    expect(literalCodes("throw forbidden('No', 'QUOTA_EXCEDED')")).toEqual(['QUOTA_EXCEDED']);
    expect(literalCodes('throw badRequest(E.PLAN_IN_USE, `used by ${count(x)} tenants`)')).toEqual([]);
  });

  it('has every code the server source throws: no error helper is given a literal code', () => {
    const untracked = sourceFiles(serverSrc).flatMap((file) =>
      literalCodes(readFileSync(file, 'utf8')).map((code) => `${path.relative(serverSrc, file)}: ${code}`),
    );
    expect(untracked).toEqual([]);
  });

  it('names each code once, as UPPER_SNAKE', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  for (const language of ['en', 'pt-BR']) {
    it(`is worded in ${language}: every code, resource, conflict and validation rule`, () => {
      const errors = translations(language);
      const missing = (group: string, keys: readonly string[]) =>
        keys.filter((key) => typeof (errors[group] as Tree | undefined)?.[key] !== 'string').map((key) => `${group}.${key}`);
      expect([
        ...missing('codes', ERROR_CODES),
        ...missing('notFound', Object.keys(NOT_FOUND_RESOURCES)),
        ...missing('alreadyExists', CONFLICT_SUBJECTS),
        ...missing('rules', VALIDATION_RULES),
      ]).toEqual([]);
    });
  }
});
