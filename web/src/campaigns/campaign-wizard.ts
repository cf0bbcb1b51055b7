// Pure: the steps of the campaign creation wizard, and which step a refused field belongs to, so
// a refusal at the end takes the user back to where the field is.

export const WIZARD_STEPS = ['routing', 'dialing', 'schedule', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

const STEP_OF_CODE: Record<string, WizardStep> = {
  INVALID_QUEUE: 'routing',
  UNKNOWN_TRUNK: 'routing',
  ALREADY_EXISTS: 'routing',
  INVALID_PACING: 'dialing',
  INVALID_SCHEDULE: 'schedule',
  INVALID_TIMEZONE: 'schedule',
};

const STEP_OF_FIELD: Record<string, WizardStep> = {
  name: 'routing',
  queueId: 'routing',
  trunkId: 'routing',
  callerId: 'routing',
  pacingMin: 'dialing',
  pacingMax: 'dialing',
  maxAttempts: 'dialing',
  recordingEnabled: 'dialing',
  cpsLimit: 'dialing',
  abandonTarget: 'dialing',
  abandonAfterSeconds: 'dialing',
  retryMinutes: 'dialing',
  timezone: 'schedule',
  schedule: 'schedule',
  // The state laws on calling hours sit beside the calling windows.
  callingPolicies: 'schedule',
};

/**
 * The step to show for a refused creation: by the error's code, else by the first refused field's
 * path (the server's "schedule.mon.0.start", or a pointer such as /pacingMin), else the review
 * where the error shows.
 */
export function stepOfError(code: string, paths: readonly string[]): WizardStep {
  const byCode = STEP_OF_CODE[code];
  if (byCode) return byCode;
  for (const path of paths) {
    const field = path.replace(/^\//, '').split(/[./]/)[0] ?? '';
    const step = STEP_OF_FIELD[field];
    if (step) return step;
  }
  return 'review';
}

export function nextStep(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1)] ?? step;
}

export function previousStep(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.max(WIZARD_STEPS.indexOf(step) - 1, 0)] ?? step;
}
