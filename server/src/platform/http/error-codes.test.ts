// The error catalog is the whole truth: every code the server can answer is in it, and the console
// words every code (and every resource, conflict and validation rule an answer names) in both languages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callArguments, consoleMessages, SERVER_SRC, serverSourceFiles, unworded } from '../source-scan.test-support.ts';
import { CONFLICT_SUBJECTS, ERROR_CODES, NOT_FOUND_RESOURCES, VALIDATION_RULES } from './error-codes.ts';

const ERROR_CALL = /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|errorBody|new AppError)\s*\(/g;

/** UPPER_SNAKE string literals written inside the arguments of an error helper: codes the catalog cannot see. */
function literalCodes(source: string): string[] {
  const found: string[] = [];
  for (const args of callArguments(source, ERROR_CALL)) {
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
    const untracked = serverSourceFiles().flatMap((file) =>
      literalCodes(readFileSync(file, 'utf8')).map((code) => `${path.relative(SERVER_SRC, file)}: ${code}`),
    );
    expect(untracked).toEqual([]);
  });

  it('names each code once, as UPPER_SNAKE', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  for (const language of ['en', 'pt-BR']) {
    it(`is worded in ${language}: every code, resource, conflict and validation rule`, () => {
      const errors = consoleMessages(`web/src/app/i18n/errors.${language}.json`, 'errors');
      expect([
        ...unworded(errors, 'codes', ERROR_CODES),
        ...unworded(errors, 'notFound', Object.keys(NOT_FOUND_RESOURCES)),
        ...unworded(errors, 'alreadyExists', CONFLICT_SUBJECTS),
        ...unworded(errors, 'rules', VALIDATION_RULES),
      ]).toEqual([]);
    });
  }
});
