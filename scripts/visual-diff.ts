#!/usr/bin/env node
/**
 * `node scripts/visual-diff.ts --base <build> --head <build> [--since <git ref>] [--out <dir>] [routes…]`
 *
 * Renders pages of two builds (desktop and phone, light and dark) and writes the before, after and
 * diff images with a Markdown report into the output folder (default reports/visual-diff), and the
 * report into the job summary when GitHub Actions gives one. The pages are the routes given, else
 * the docs and blog pages changed since `--since` (a pull request's base), else, when only code
 * changed, the pages the audit measures. It reports; it does not fail on a difference.
 */
import {execFileSync} from 'node:child_process';
import {appendFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {siteRoutes} from './lib/source-links.ts';
import {visualDiff, visualDiffReport} from './lib/visual-diff.ts';

/** The pages `npm run audit` measures: what a change of site code is most likely to show on. */
const DEFAULT_ROUTES = ['/', '/guides/nodejs', '/usage/sdk/api/classes/StreamrClient', '/search'];

/** Routes of the docs and blog pages changed since `ref`. */
function changedRoutes(ref: string): string[] {
  const changed = new Set(
    execFileSync('git', ['diff', '--name-only', `${ref}...HEAD`, '--', 'docs', 'blog'], {encoding: 'utf8'})
      .split('\n')
      .filter(Boolean)
      .map((file) => path.resolve(file)),
  );
  return [...siteRoutes(process.cwd())]
    .filter(([, target]) => target.file && changed.has(path.resolve(target.file)))
    .map(([route]) => route)
    .sort();
}

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    base: {type: 'string'},
    head: {type: 'string', default: 'build'},
    since: {type: 'string'},
    out: {type: 'string', default: 'reports/visual-diff'},
  },
});
if (!values.base) {
  console.error(
    'Usage: node scripts/visual-diff.ts --base <build> [--head build] [--since <git ref>] [routes…]',
  );
  process.exit(2);
}
const fromChanges = values.since ? changedRoutes(values.since) : [];
const routes = positionals.length ? positionals : fromChanges.length ? fromChanges : DEFAULT_ROUTES;
console.log(`Visual diff of ${routes.length} page(s): ${routes.join(', ')}`);
const comparisons = await visualDiff({base: values.base, head: values.head!, routes, outDir: values.out!});
const report = visualDiffReport(comparisons);
writeFileSync(path.join(values.out!, 'report.md'), report);
writeFileSync(path.join(values.out!, 'comparisons.json'), JSON.stringify(comparisons, null, 2));
if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, report);
console.log(report);
