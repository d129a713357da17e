import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for running animations and transitions (a dialog fading in) to end: axe measures contrast on
 * what it sees. Endless ones (a spinner) never end and are left out.
 */
async function settle(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

/**
 * Serious or critical violations of the WCAG 2.x A and AA rules on the page as it is now, or only in
 * the part `include` selects.
 */
export async function seriousViolations(page: Page, include?: string) {
  await settle(page);
  const builder = (include ? new AxeBuilder({ page }).include(include) : new AxeBuilder({ page }))
    // The editor's fade over code the TypeScript worker finds unused: deliberately faint (incidental
    // text, as WCAG 1.4.3 allows), and it arrives whenever the worker answers.
    .exclude('.squiggly-inline-unnecessary');
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
