import { describe, expect, it } from 'vitest';
import { callbackChange, callbackTimeProblem, MAX_CALLBACK_DAYS } from './callbacks.rules.ts';

const now = new Date('2026-11-26T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('callbackTimeProblem', () => {
  it('wants a time after now and within the horizon', () => {
    expect(callbackTimeProblem(now, now)).toBe('NOT_IN_FUTURE');
    expect(callbackTimeProblem(new Date(now.getTime() - 1), now)).toBe('NOT_IN_FUTURE');
    expect(callbackTimeProblem(new Date(now.getTime() + 1), now)).toBeNull();
    expect(callbackTimeProblem(new Date('not a time'), now)).toBe('NOT_IN_FUTURE');
    expect(callbackTimeProblem(new Date(now.getTime() + MAX_CALLBACK_DAYS * 86_400_000), now)).toBeNull();
    expect(callbackTimeProblem(new Date(now.getTime() + MAX_CALLBACK_DAYS * 86_400_000 + 1), now)).toBe('TOO_FAR');
  });
});

describe('callbackChange', () => {
  it('RESCHEDULE keeps CALLBACK at the new time, which is required and in the future', () => {
    expect(callbackChange('RESCHEDULE', later(60_000), now)).toEqual({ ok: true, status: 'CALLBACK', nextAttemptAt: new Date(later(60_000)) });
    expect(callbackChange('RESCHEDULE', undefined, now)).toEqual({ ok: false, problem: 'REQUIRED' });
    expect(callbackChange('RESCHEDULE', later(-1000), now)).toEqual({ ok: false, problem: 'NOT_IN_FUTURE' });
    expect(callbackChange('RESCHEDULE', later(400 * 86_400_000), now)).toEqual({ ok: false, problem: 'TOO_FAR' });
  });

  it('REQUEUE goes READY and CANCEL gives up (DO_NOT_CALL), both clearing the time and refusing one', () => {
    expect(callbackChange('REQUEUE', undefined, now)).toEqual({ ok: true, status: 'READY', nextAttemptAt: null });
    expect(callbackChange('CANCEL', undefined, now)).toEqual({ ok: true, status: 'DO_NOT_CALL', nextAttemptAt: null });
    expect(callbackChange('REQUEUE', later(60_000), now)).toEqual({ ok: false, problem: 'NOT_ALLOWED' });
    expect(callbackChange('CANCEL', later(60_000), now)).toEqual({ ok: false, problem: 'NOT_ALLOWED' });
  });
});
