// Automated accessibility check: axe-core run in the page through @axe-core/playwright.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const FAILING = new Set(['serious', 'critical']);

/** Each serious or critical axe violation on the page as it is now, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/** Fails with the list of serious or critical violations of the page, named by `where`. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), `accessibility of ${where}`).toEqual([]);
}
