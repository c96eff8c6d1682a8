import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {SearchRecord} from '../types.ts';
import {recordsFromHtml, sitePathOfFile} from './html.ts';
import {blocksFromMarkdown} from './markdown.ts';
import {recordsFromBlocks} from './page.ts';
import {isExcluded, pageInfo, sitePathOf, type RecordRules} from './rules.ts';

/** The built pages, relative to `outDir`, in path order; the bundler's `assets` hold none. */
async function htmlFiles(outDir: string): Promise<string[]> {
  const files = await fs.readdir(outDir, {recursive: true});
  return files.filter((file) => file.endsWith('.html') && !file.split(path.sep).includes('assets')).sort();
}

/** Every record of a built site (`build/`), pages in path order. */
export async function recordsFromBuild(outDir: string, rules: RecordRules): Promise<SearchRecord[]> {
  let files: string[];
  try {
    files = await htmlFiles(outDir);
  } catch (error) {
    throw new Error(
      `No built site in "${outDir}" to read search records from (run \`npm run build\` first): ${String(error)}`,
    );
  }
  const records: SearchRecord[] = [];
  for (const file of files) {
    if (path.basename(file) === '404.html') continue;
    const html = await fs.readFile(path.join(outDir, file), 'utf8');
    records.push(...recordsFromHtml(html, sitePathOfFile(file), rules));
  }
  return records;
}

/** What the dev server index needs to know about one Markdown page. */
export type SourcePage = {
  permalink: string;
  title: string;
  /** Absolute path of the Markdown/MDX file. */
  file: string;
  /** Sidebar category (or section) the page belongs to, if any. */
  section?: string;
  facets: Pick<SearchRecord, 'language' | 'docusaurus_tag' | 'version'>;
};

/**
 * Records of one Markdown page (dev server): none for an excluded page, or for a source that could
 * not be read (`undefined`: a page being renamed is not an error).
 */
export function recordsFromSource(
  page: SourcePage,
  source: string | undefined,
  rules: RecordRules,
): SearchRecord[] {
  const sitePath = sitePathOf(rules, page.permalink);
  if (source === undefined || isExcluded(rules, sitePath)) return [];
  return recordsFromBlocks(
    pageInfo(rules, sitePath, {section: page.section, facets: page.facets}),
    blocksFromMarkdown(source, page.title, page.file),
  );
}
