import AxeBuilder from '@axe-core/playwright';
import {expect, test} from './fixtures';

/** One page of each kind the site renders. */
const pageKinds = {
  home: '/',
  guide: '/guides/nodejs',
  'category index': '/streamr-network',
  'api index': '/usage/sdk/api',
  'api class': '/usage/sdk/api/classes/StreamrClient',
  'api docs page': '/api-docs',
  'blog list': '/blog',
  'not found': '/no/such/page',
};

for (const mode of ['light', 'dark'] as const) {
  for (const [kind, route] of Object.entries(pageKinds)) {
    test(`${kind} has no WCAG 2.1 A/AA violations in ${mode} mode`, async ({page, allowConsole}) => {
      // The not-found page is served with status 404, which Chromium logs.
      if (kind === 'not found') allowConsole(/status of 404/);
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      // Axe judges WCAG 2.1 A and AA only; best-practice rules are Lighthouse's job.
      const results = await new AxeBuilder({page})
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const violations = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(violations).toEqual([]);
    });
  }
}
