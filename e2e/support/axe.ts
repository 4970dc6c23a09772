/**
 * axe-core for the e2e specs: 0 critical, serious or moderate violations of WCAG 2.1 A/AA and axe's
 * best practices.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

const BLOCKING = new Set(['critical', 'serious', 'moderate']);

/**
 * Whether every frame of the page is on the page's own origin (about:blank and srcdoc frames
 * count as its own).
 */
function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    return url === '' || url.startsWith('about:') || new URL(url).origin === origin;
  });
}

/**
 * Runs axe on the page as it is now (frames included) and fails with a readable list; `include`
 * limits it to what a selector matches (a widget on a page that is not ours).
 *
 * Where every frame shares the page's origin, axe runs in one pass (`axe.run`, its frames reached
 * through its same-origin messenger: the same rules over the same frames). Only a page with a
 * frame from another origin takes axe's cross-origin path, which runs each frame apart and then
 * opens a blank page to merge the results: about twice the time of a scan (measured on the
 * landing: 3.7–4.0 s against 1.9–2.4 s on a loaded machine, 0.8 s of it the rules themselves).
 */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read: axe then builds a selector for one node of each passed or
    // incomplete rule instead of every node, which is most of its tail on a long page.
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(framesShareOrigin(page));
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  // Soft: one run lists every page's violations, not only the first page's.
  expect.soft(blocking, `axe on ${what}`).toEqual([]);
}
