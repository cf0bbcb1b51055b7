// What the bench measures inside the page: every animation frame's interval, the long tasks
// (PerformanceObserver 'longtask', main-thread tasks over 50 ms), and when a watched agent's state
// badge changes on screen (a MutationObserver; the time is taken in its callback, after React's
// commit and before the paint). Plain JavaScript in a string: it runs in the browser as written.
import type { Page } from 'playwright-core';
import type { Published } from './wallboard-traffic.ts';

const PROBE = `
window.__wallboardProbe = (() => {
  let recording = false;
  let frames = [];
  let longTasks = [];
  let badges = [];
  let watched = new Set();
  let last = 0;
  const frame = (time) => {
    if (recording && last) frames.push(time - last);
    last = time;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    if (recording) for (const entry of list.getEntries()) longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  const badgeChanged = (mutations) => {
    if (!recording) return;
    const at = Date.now();
    for (const mutation of mutations) {
      const element = mutation.target.nodeType === 3 ? mutation.target.parentElement : mutation.target;
      const badge = element && element.closest('.agent-state');
      const row = badge && badge.closest('tr');
      const name = row && row.cells[0].textContent;
      if (name && watched.has(name)) badges.push([name, badge.textContent, at]);
    }
  };
  let observer = null;
  return {
    start(names) {
      if (!observer) {
        observer = new MutationObserver(badgeChanged);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }
      watched = new Set(names);
      frames = [];
      longTasks = [];
      badges = [];
      last = 0;
      recording = true;
    },
    stop() {
      recording = false;
      return { frames, longTasks, badges };
    },
  };
})();
`;

export interface PageSample {
  frames: number[];
  longTasks: number[];
  /** [agent name, badge text, Date.now()] */
  badges: [string, string, number][];
}

/** Installs the probe in every document the page loads from now on. */
export const installProbe = (page: Page) => page.addInitScript({ content: PROBE });

export const startRecording = (page: Page, watched: readonly string[]) =>
  page.evaluate(`window.__wallboardProbe.start(${JSON.stringify(watched)})`);

export const stopRecording = (page: Page) => page.evaluate('window.__wallboardProbe.stop()') as Promise<PageSample>;

/** The value at quantile q (0..1) of the values, nearest rank; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * For each published change, the time until the agent's badge first showed the new state's label
 * (at or after the publication, before the agent's next publication); null when it never did.
 */
export function screenLatencies(published: readonly Published[], badges: PageSample['badges'], labelOf: (state: string) => string): (number | null)[] {
  const nextOf = new Map<Published, number>();
  const lastByName = new Map<string, Published>();
  for (const entry of published) {
    const previous = lastByName.get(entry.name);
    if (previous) nextOf.set(previous, entry.at);
    lastByName.set(entry.name, entry);
  }
  return published.map((entry) => {
    const until = nextOf.get(entry) ?? Number.POSITIVE_INFINITY;
    const shown = badges.find(([name, text, at]) => name === entry.name && text === labelOf(entry.state) && at >= entry.at && at < until);
    return shown ? shown[2] - entry.at : null;
  });
}
