#!/usr/bin/env node
/**
 * House rules for pages and posts that Docusaurus itself does not enforce, each
 * reported with file and line:
 * - front matter is valid YAML (an error names its own line) with a `description`
 *   of the length config/description-rule.ts sets;
 * - docs pages have exactly one H1 (posts take their H1 from `title`, and may repeat it);
 * - every Mermaid diagram is followed by a plain-text alternative ("In words: ...");
 * - no unfinished markers (TODO, TBD, FIXME, "coming soon", lorem ipsum).
 * Pages are read by the site's Markdown front-end (src/markdown), so an MDX syntax
 * error is reported here too, with its line.
 *
 * Usage: node scripts/check-content.ts [files or folders...]   (default: docs blog)
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Nodes} from 'mdast';
import {descriptionProblem} from '../config/description-rule.ts';
import {MarkdownError, nextSibling, parsePage, plainText, type ParsedPage} from '../src/markdown/index.ts';
import {findMarkdownFiles} from './lib/markdown-files.ts';
import {checkContentRules, type ContentProblem} from './lib/content-rules.ts';

const UNFINISHED = /\b(TODO|TBD|FIXME)\b|coming soon|lorem ipsum/i;

export function checkContent(source: string, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const report = (line: number, message: string) => {
    problems.push({file, line, message});
  };
  let page: ParsedPage;
  try {
    page = parsePage(source, {file});
  } catch (error) {
    if (!(error instanceof MarkdownError)) throw error;
    report(error.line, error.reason);
    return problems;
  }
  // Editors on Windows save CRLF line ends, some a byte-order mark: neither changes the content.
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);

  const problem = descriptionProblem(page.frontMatter.description);
  if (problem) {
    const {start, end} = page.frontMatterLines ?? {start: 1, end: 0};
    const key = lines.slice(start - 1, end).findIndex((line) => /^description\s*:/.test(line));
    report(key === -1 ? 1 : start + key, problem.startsWith('needs') ? `front matter ${problem}` : problem);
  }

  const isPost = file.split(path.sep).includes('blog');
  const h1Lines = page.headings.filter((heading) => heading.depth === 1).map((heading) => heading.line);
  if (!isPost && h1Lines.length !== 1) {
    report(h1Lines[1] ?? 1, `a page needs exactly one H1 ("# Title"); found ${h1Lines.length}`);
  }

  for (const diagram of page.codeBlocks.filter((block) => block.language === 'mermaid')) {
    if (!hasTextAlternative(page, diagram.node)) {
      report(
        diagram.line,
        'a Mermaid diagram needs a plain-text alternative right after it ("In words: ...")',
      );
    }
  }

  const notProse = new Set<number>();
  for (let line = 1; line <= (page.frontMatterLines?.end ?? 0); line++) notProse.add(line);
  for (const block of page.codeBlocks)
    for (let line = block.line; line <= block.endLine; line++) notProse.add(line);
  lines.forEach((line, index) => {
    if (!notProse.has(index + 1) && UNFINISHED.test(line))
      report(index + 1, `unfinished marker: "${line.trim().slice(0, 60)}"`);
  });
  return problems.sort((a, b) => a.line - b.line);
}

/** True if the block right after the diagram (a paragraph or a quote) starts with "In words". */
function hasTextAlternative(page: ParsedPage, diagram: Nodes): boolean {
  const next = nextSibling(page.tree, diagram);
  return next !== undefined && /^In words\b/i.test(plainText(next));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const targets = process.argv.slice(2);
  const files = findMarkdownFiles(targets.length ? targets : ['docs', 'blog']);
  const problems = files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return [...checkContent(source, file), ...checkContentRules(source, file)];
  });
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  console.log(`Content rules: ${files.length} files checked, ${problems.length} problem(s).`);
  process.exit(problems.length ? 1 : 0);
}
