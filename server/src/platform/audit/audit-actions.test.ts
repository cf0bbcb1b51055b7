// The audit catalog is the whole truth: every action the server audits is in it (the compiler checks
// typed calls; this scan catches a literal that slips past the types), and the console words every
// action and target type in both languages.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-actions.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '../..');
const auditWebDir = path.resolve(serverSrc, '../../web/src/audit');

type Tree = { [key: string]: string | Tree };
const translations = (language: string) =>
  (JSON.parse(readFileSync(path.join(auditWebDir, `audit.${language}.json`), 'utf8')) as { audit: Tree }).audit;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** recordAudit itself, and the private helpers that pass an action on to it. */
const AUDIT_CALL = /\b(?:recordAudit|this\.changed|this\.publish|this\.audit)\s*\(/g;
const ACTION_KEY = /\baction:\s*(['"`])([A-Z][A-Z0-9_]*)\1/g;

/** UPPER_SNAKE literals written inside the arguments of an audit call, and every `action: '...'`. */
export function auditedActions(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(AUDIT_CALL)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < source.length && depth > 0) {
      const char = source[end];
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      end += 1;
    }
    const args = source.slice(match.index + match[0].length, end - 1);
    for (const literal of args.matchAll(/(['"`])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\1/g)) found.add(literal[2]!);
  }
  if (/\brecordAudit\s*\(/.test(source)) for (const literal of source.matchAll(ACTION_KEY)) found.add(literal[2]!);
  return [...found];
}

describe('the audit catalog', () => {
  it('finds actions written as literals, so the scan below is not vacuous', () => {
    expect(auditedActions("await recordAudit(tx, actor, {\n  action: 'TRUNK_RENAMED',\n  targetType: 'trunk' });")).toEqual(['TRUNK_RENAMED']);
    expect(auditedActions("await this.changed(tx, actor, 'QUEUE_PAUSED', id, { name })")).toEqual(['QUEUE_PAUSED']);
    expect(auditedActions("recordAudit(tx, actor, entry);\nconst x = { action: cond ? 'A_ONE' : 'A_TWO' }")).toEqual([]);
  });

  it('has every action the server source audits', () => {
    const scanned = sourceFiles(serverSrc).flatMap((file) =>
      auditedActions(readFileSync(file, 'utf8')).map((action) => ({ file: path.relative(serverSrc, file), action })),
    );
    // The scan sees the modules' audit calls (a guard against it silently finding nothing).
    expect(scanned.length).toBeGreaterThan(30);
    expect(scanned.filter(({ action }) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it('names each action once, as UPPER_SNAKE', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  for (const language of ['en', 'pt-BR']) {
    it(`is worded in ${language}: every action and target type`, () => {
      const audit = translations(language);
      const missing = (group: string, keys: readonly string[]) =>
        keys.filter((key) => typeof (audit[group] as Tree | undefined)?.[key] !== 'string').map((key) => `${group}.${key}`);
      expect([...missing('actions', AUDIT_ACTIONS), ...missing('targets', AUDIT_TARGET_TYPES)]).toEqual([]);
    });
  }
});
