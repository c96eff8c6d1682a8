import {promises as fs} from 'node:fs';
import path from 'node:path';
import {builtHtmlFiles, routeOfHtmlFile} from '../../../build-output/index.ts';
import type {SearchRecord} from '../types.ts';
import {recordsFromHtml} from './html.ts';
import {blocksFromMarkdown} from './markdown.ts';
import {recordsFromBlocks} from './page.ts';
import {isExcluded, pageInfo, sitePathOf, type RecordRules} from './rules.ts';

/** Every record of a built site (`build/`), pages in path order. */
export async function recordsFromBuild(outDir: string, rules: RecordRules): Promise<SearchRecord[]> {
  let files: string[];
  try {
    files = builtHtmlFiles(outDir);
  } catch (error) {
    throw new Error(
      `No built site in "${outDir}" to read search records from (run \`npm run build\` first): ${String(error)}`,
    );
  }
  const records: SearchRecord[] = [];
  for (const file of files) {
    const html = await fs.readFile(path.join(outDir, file), 'utf8');
    records.push(...recordsFromHtml(html, sitePathOf(rules, routeOfHtmlFile(file, rules.baseUrl)), rules));
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
