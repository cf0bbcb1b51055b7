import { describe, expect, it } from 'vitest';
import { nextStep, previousStep, stepOfError } from './campaign-wizard.ts';

describe('campaign wizard', () => {
  it('walks the steps forward and back, stopping at both ends', () => {
    expect(nextStep('routing')).toBe('dialing');
    expect(nextStep('schedule')).toBe('review');
    expect(nextStep('review')).toBe('review');
    expect(previousStep('dialing')).toBe('routing');
    expect(previousStep('routing')).toBe('routing');
  });

  it('takes a refusal back to the step of its field', () => {
    expect(stepOfError('INVALID_PACING', ['/pacingMin'])).toBe('dialing');
    expect(stepOfError('INVALID_SCHEDULE', [])).toBe('schedule');
    expect(stepOfError('INVALID_TIMEZONE', ['/timezone'])).toBe('schedule');
    expect(stepOfError('INVALID_QUEUE', ['/queueId'])).toBe('routing');
    expect(stepOfError('ALREADY_EXISTS', [])).toBe('routing');
    expect(stepOfError('VALIDATION_FAILED', ['/schedule/mon/0/start'])).toBe('schedule');
    expect(stepOfError('VALIDATION_FAILED', ['/maxAttempts'])).toBe('dialing');
    expect(stepOfError('QUOTA_EXCEEDED', [])).toBe('review');
  });

  it('reads the server’s dotted paths too, and places the dialer’s settings', () => {
    expect(stepOfError('VALIDATION_FAILED', ['schedule.mon.0.start'])).toBe('schedule');
    expect(stepOfError('VALIDATION_FAILED', ['retryMinutes.BUSY'])).toBe('dialing');
    expect(stepOfError('VALIDATION_FAILED', ['cpsLimit'])).toBe('dialing');
    expect(stepOfError('VALIDATION_FAILED', ['abandonTarget'])).toBe('dialing');
    expect(stepOfError('VALIDATION_FAILED', ['abandonAfterSeconds'])).toBe('dialing');
    expect(stepOfError('VALIDATION_FAILED', ['callingPolicies.0'])).toBe('schedule');
  });
});
