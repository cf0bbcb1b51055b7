import { expect } from 'vitest';
import type { TestPlatform, TestPlatformOptions } from '../../server/test/platform.ts';
import { call } from './api.ts';

/**
 * A dialer whose every customer answers after a second and talks for `meanTalkSeconds`, its calling
 * hours judged on a Wednesday morning in São Paulo whatever day the test runs.
 */
export function answeringDialer(meanTalkSeconds: number): NonNullable<TestPlatformOptions['dialer']> {
  return {
    tickMs: 500,
    callingClock: () => new Date('2026-11-25T13:00:00Z'),
    random: () => 0.5,
    simulationModel: {
      weights: { ANSWER: 1, BUSY: 0, NO_ANSWER: 0, FAILED: 0 },
      ringSeconds: { ANSWER: [1, 1], BUSY: [1, 1], FAILED: [1, 1], NO_ANSWER: [1, 1] },
      meanTalkSeconds,
    },
  };
}

/** A campaign schedule open all day every day: the law's hours and the fixed clock decide. */
export const ALL_WEEK = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ start: '00:00', end: '24:00' }]]),
);

/** Registers the agent's extension on the built-in switch with its real SIP password; returns the phone's address. */
export async function registerAgentPhone(platform: TestPlatform, adminToken: string, extensionNumber: string) {
  const extensions = await call<{ id: string; number: string; domain: string }[]>(platform.baseUrl, '/extensions', { token: adminToken });
  const extension = extensions.find((one) => one.number === extensionNumber)!;
  const { sipPassword: password } = await call<{ sipPassword: string }>(platform.baseUrl, `/extensions/${extension.id}/reveal-password`, { method: 'POST', token: adminToken });
  await expect.poll(() => platform.simulator!().control.register({ user: extension.number, domain: extension.domain, password }).ok, { timeout: 15_000 }).toBe(true);
  return { number: extension.number, domain: extension.domain };
}
