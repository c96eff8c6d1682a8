#!/usr/bin/env node
// @ts-check
/**
 * House rules for pages and posts that Docusaurus itself does not enforce, each
 * reported with file and line:
 * - front matter is valid YAML (an error names its own line) with a `description`
 *   of the length config/description-rule.ts sets;
 * - docs pages have exactly one H1 (posts take their H1 from `title`, and may repeat it);
 * - every Mermaid diagram is followed by a plain-text alternative ("In words: ...");
 * - no unfinished markers (TODO, TBD, FIXME, "coming soon", lorem ipsum).
 *
 * Usage: node scripts/check-content.mjs [files or folders...]   (default: docs blog)
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';
import {descriptionProblem} from '../config/description-rule.ts';
import {findMarkdownFiles} from './check-code-samples.mjs';
import {checkContentRules} from './lib/content-rules.mjs';

/** @typedef {{file: string, line: number, message: string}} ContentProblem */

const UNFINISHED = /\b(TODO|TBD|FIXME)\b|coming soon|lorem ipsum/i;

/**
 * @param {string} source
 * @param {string} file
 * @returns {ContentProblem[]}
 */
export function checkContent(source, file) {
  /** @type {ContentProblem[]} */
  const problems = [];
  /** @type {(line: number, message: string) => void} */
  const report = (line, message) => {
    problems.push({file, line, message});
  };
  // Editors on Windows save CRLF line ends, some a byte-order mark: neither changes the content.
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);

  let bodyStart = 0;
  /** @type {Record<string, unknown>} */
  let frontMatter = {};
  if (lines[0].trimEnd() === '---') {
    const end = lines.findIndex((line, index) => index > 0 && line.trimEnd() === '---');
    if (end === -1) {
      report(1, 'front matter is not closed with a "---" line');
      return problems;
    }
    try {
      const parsed = yaml.load(lines.slice(1, end).join('\n'));
      frontMatter =
        parsed && typeof parsed === 'object' ? /** @type {Record<string, unknown>} */ (parsed) : {};
    } catch (error) {
      const {line, reason} = yamlErrorAt(error);
      // js-yaml counts from 0 within the YAML; the file has the opening "---" above it.
      report(line === undefined ? 1 : line + 2, `front matter is not valid YAML: ${reason}`);
      return problems;
    }
    bodyStart = end + 1;
  }

  const problem = descriptionProblem(frontMatter.description);
  if (problem) {
    const key = lines.slice(0, bodyStart).findIndex((line) => /^description\s*:/.test(line));
    report(key === -1 ? 1 : key + 1, problem.startsWith('needs') ? `front matter ${problem}` : problem);
  }

  const isPost = file.split(path.sep).includes('blog');
  const h1Lines = [];
  let fence = '';
  for (let i = bodyStart; i < lines.length; i++) {
    const line = lines[i];
    const opening = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (fence) {
      if (line.trim().startsWith(fence) && line.trim().slice(fence.length).trim() === '') fence = '';
      continue;
    }
    if (opening) {
      fence = opening[1];
      if (opening[2] === 'mermaid' && !hasTextAlternative(lines, i, fence)) {
        report(i + 1, 'a Mermaid diagram needs a plain-text alternative right after it ("In words: ...")');
      }
      continue;
    }
    if (/^# \S/.test(line)) h1Lines.push(i + 1);
    if (UNFINISHED.test(line)) report(i + 1, `unfinished marker: "${line.trim().slice(0, 60)}"`);
  }
  if (!isPost && h1Lines.length !== 1) {
    report(h1Lines[1] ?? 1, `a page needs exactly one H1 ("# Title"); found ${h1Lines.length}`);
  }
  return problems;
}

/**
 * The line (0-based, within the YAML text) and the short reason of a js-yaml error.
 * @param {unknown} error
 * @returns {{line: number | undefined, reason: string}}
 */
function yamlErrorAt(error) {
  const {mark, reason, message} = /** @type {{mark?: {line?: number}, reason?: string, message?: string}} */ (
    error
  );
  return {
    line: typeof mark?.line === 'number' ? mark.line : undefined,
    reason: reason ?? String(message).split('\n')[0],
  };
}

/**
 * True if the first paragraph after the diagram's closing fence starts with "In words".
 * @param {string[]} lines
 * @param {number} openIndex
 * @param {string} fence
 */
function hasTextAlternative(lines, openIndex, fence) {
  let i = openIndex + 1;
  while (
    i < lines.length &&
    !(lines[i].trim().startsWith(fence) && lines[i].trim().slice(fence.length).trim() === '')
  )
    i++;
  for (i += 1; i < lines.length; i++) {
    const text = lines[i].trim();
    if (!text) continue;
    return /^In words\b/i.test(text.replace(/^>\s*/, '').replace(/^[*_]+/, ''));
  }
  return false;
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
