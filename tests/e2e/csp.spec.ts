import {readFileSync} from 'node:fs';
import path from 'node:path';
import {builtHtmlFiles} from '../../src/build-output/index.ts';
import {policyOf, watchCspViolations} from './csp-helpers.ts';
import {expect, test} from './fixtures.ts';
import {openSearch, searchDialog} from './search-helpers.ts';

/**
 * The Content-Security-Policy (src/plugins/content-security-policy): every built
 * HTML file declares it before any script, and the site does everything it does
 * (the redirect page, the search dialog and the /search page here; every sitemap
 * page and the not-found page in site-sweep.spec.ts) without a single violation,
 * so no inline script lacks its hash and no request leaves the allowed origins.
 */

const BUILD_DIR = 'build';

test('every built HTML file declares one policy, before any script', () => {
  const files = builtHtmlFiles(BUILD_DIR, {notFound: true});
  expect(files.length).toBeGreaterThan(100);
  const problems: string[] = [];
  for (const file of files) {
    const html = readFileSync(path.join(BUILD_DIR, file), 'utf8');
    const policies = policyOf(html);
    if (policies.length !== 1) problems.push(`${file}: ${policies.length} policy meta tags`);
    else if (html.search(/<script[\s>]/i) < html.indexOf('http-equiv="Content-Security-Policy"'))
      problems.push(`${file}: a script comes before the policy`);
    else if (!/script-src 'self' 'report-sample'( 'sha256-[A-Za-z0-9+/=]+')*;/.test(policies[0]))
      problems.push(`${file}: script-src allows more than the site and hashes: ${policies[0]}`);
  }
  expect(problems).toEqual([]);
});

test('the policy is in force: a script injected into the page does not run', async ({page, allowConsole}) => {
  allowConsole(/Content Security Policy/);
  const violations = await watchCspViolations(page);
  await page.goto('/guides/nodejs');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true;';
    document.head.append(script);
    return (window as unknown as {__injectedRan?: boolean}).__injectedRan === true;
  });
  expect(ran).toBe(false);
  expect(await violations.read()).toContainEqual(
    expect.stringMatching(/^\/guides\/nodejs: script-src-elem refused inline .*window\.__injectedRan/),
  );
});

test('no CSP violation on the redirect page', async ({page}) => {
  const violations = await watchCspViolations(page);
  // plugin-client-redirects' page moves on with an inline script, which must be allowed by its hash.
  await page.goto('/usage/authenticate');
  await page.waitForURL('**/usage/identity');
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  expect(await violations.read()).toEqual([]);
});

test('no CSP violation while searching in the dialog and on the /search page', async ({page}) => {
  test.setTimeout(90_000);
  const violations = await watchCspViolations(page);
  await page.goto('/');
  await openSearch(page);
  // The first query downloads and decodes the whole index: give a loaded machine time for it.
  await searchDialog(page).input.fill('publish message');
  await expect(searchDialog(page).hits.first()).toBeVisible({timeout: 30_000});
  // A result opens its page inside the app.
  await searchDialog(page).hits.first().click();
  await expect(searchDialog(page).modal).toHaveCount(0);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  expect(await violations.read()).toEqual([]);

  await page.goto('/search?q=partition%20key');
  await expect(page.locator('.search-result-match').first()).toBeVisible({timeout: 30_000});
  expect(await violations.read()).toEqual([]);
});
