// The audit catalog is the whole truth: every action the server audits is in it (the compiler checks
// typed calls; this scan catches a literal that slips past the types), and the console words every
// action and target type in both languages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callArguments, consoleMessages, SERVER_SRC, serverSourceFiles, unworded } from '../source-scan.test-support.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-actions.ts';

/** recordAudit itself, and the private helpers that pass an action on to it. */
const AUDIT_CALL = /\b(?:recordAudit|this\.changed|this\.publish|this\.audit)\s*\(/g;
const ACTION_KEY = /\baction:\s*(['"`])([A-Z][A-Z0-9_]*)\1/g;

/** UPPER_SNAKE literals written inside the arguments of an audit call, and every `action: '...'`. */
export function auditedActions(source: string): string[] {
  const found = new Set<string>();
  for (const args of callArguments(source, AUDIT_CALL)) {
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
    const scanned = serverSourceFiles().flatMap((file) =>
      auditedActions(readFileSync(file, 'utf8')).map((action) => ({ file: path.relative(SERVER_SRC, file), action })),
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
      const audit = consoleMessages(`web/src/audit/audit.${language}.json`, 'audit');
      expect([...unworded(audit, 'actions', AUDIT_ACTIONS), ...unworded(audit, 'targets', AUDIT_TARGET_TYPES)]).toEqual([]);
    });
  }
});
