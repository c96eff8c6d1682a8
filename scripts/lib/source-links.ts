/**
 * Links and anchors of Markdown sources, checked without a build (`npm run check`): every
 * internal link of a page must name a route the site will have, and an anchor must be a
 * heading id of the page it points at. Routes come from the sources the way Docusaurus makes
 * them here (docs at the site root, `slug` front matter, category index pages from
 * `_category_.json`, blog posts by date, React pages in src/pages, files in static/). The
 * build still checks links in full; this is the writer's fast first look.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Nodes} from 'mdast';
import {MarkdownError, parsePage, visit} from '../../src/markdown/index.ts';
import {editDistance} from '../../src/utils/edit-distance.ts';

export type LinkProblem = {file: string; line: number; message: string};

/** What a route leads to: its source file (for anchors) when it is a Markdown page. */
type RouteTarget = {file?: string};

/** Pages a build writes that no source file names one by one. */
const GENERATED_ROUTES = [
  '/search',
  '/llms.txt',
  '/llms-full.txt',
  '/blog',
  '/blog/archive',
  '/blog/authors',
];
const GENERATED_PREFIXES = ['/blog/tags', '/blog/page/', '/img/social/'];
/** The SDK reference is written by TypeDoc into this folder during a build. */
const API_FOLDER = 'docs/usage/sdk/api';

/** Files under `dir` whose names match `pattern`; none when there is no such folder. */
const filesUnder = (dir: string, pattern: RegExp): string[] =>
  existsSync(dir)
    ? readdirSync(dir, {recursive: true, withFileTypes: true})
        .filter((entry) => entry.isFile() && pattern.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];

const frontMatterSlug = (file: string): string | undefined => {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'));
  return match ? /^slug:\s*(.+?)\s*$/m.exec(match[1])?.[1].replace(/^['"]|['"]$/g, '') : undefined;
};

/** The route of a docs page: its path under docs/, or its `slug` (absolute, or relative to its folder). */
function docRoute(docsDir: string, file: string): string {
  const relative = path.relative(docsDir, file).split(path.sep).join('/');
  const folder = path.posix.dirname(relative);
  const slug = frontMatterSlug(file);
  if (slug) return slug.startsWith('/') ? slug : `/${folder === '.' ? '' : `${folder}/`}${slug}`;
  const name = path.posix.basename(relative).replace(/\.mdx?$/, '');
  const isIndex = /^(index|readme)$/i.test(name) || name === path.posix.basename(folder);
  return `/${isIndex ? folder : `${folder === '.' ? '' : `${folder}/`}${name}`}`.replace(/\/\.?$/, '') || '/';
}

/** A blog post's route: its slug, or /blog/YYYY/MM/DD/name from a dated file name. */
function postRoute(blogDir: string, file: string): string {
  const slug = frontMatterSlug(file);
  if (slug) return slug.startsWith('/') ? `/blog${slug}` : `/blog/${slug}`;
  const name = path.relative(blogDir, file).replace(/\.mdx?$/, '');
  const dated = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/.exec(name.split(path.sep).join('/'));
  return dated ? `/blog/${dated[1]}/${dated[2]}/${dated[3]}/${dated[4]}` : `/blog/${name}`;
}

/** Every route the sources give the site, with the Markdown file of each page. */
export function siteRoutes(root: string): Map<string, RouteTarget> {
  const routes = new Map<string, RouteTarget>();
  const [docsDir, blogDir, pagesDir] = ['docs', 'blog', 'src/pages'].map((dir) => path.join(root, dir));
  for (const file of filesUnder(docsDir, /\.mdx?$/)) routes.set(docRoute(docsDir, file), {file});
  for (const file of filesUnder(docsDir, /^_category_\.json$/)) {
    const slug = JSON.parse(readFileSync(file, 'utf8'))?.link?.slug;
    if (typeof slug === 'string') routes.set(slug, {});
  }
  for (const file of filesUnder(blogDir, /\.mdx?$/)) routes.set(postRoute(blogDir, file), {file});
  for (const file of filesUnder(pagesDir, /\.(tsx|jsx|mdx?)$/)) {
    const relative = path.relative(pagesDir, file).split(path.sep).join('/');
    const route = `/${relative.replace(/\.(tsx|jsx|mdx?)$/, '').replace(/(^|\/)index$/, '')}`;
    routes.set(route.replace(/\/$/, '') || '/', /\.mdx?$/.test(file) ? {file} : {});
  }
  for (const route of GENERATED_ROUTES) routes.set(route, {});
  return routes;
}

/** Links of a page (inline, reference definitions, and `href`s in JSX/HTML) with their lines. */
function linksOf(source: string, file: string): {url: string; line: number}[] {
  const page = parsePage(source, {file});
  const links: {url: string; line: number}[] = [];
  visit(page.tree, (node: Nodes) => {
    const line = node.position?.start.line ?? 1;
    if ((node.type === 'link' || node.type === 'definition') && node.url) links.push({url: node.url, line});
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement')
      for (const attribute of node.attributes)
        if (
          attribute.type === 'mdxJsxAttribute' &&
          /^(href|to)$/.test(attribute.name) &&
          typeof attribute.value === 'string'
        )
          links.push({url: attribute.value, line});
  });
  return links;
}

/** Heading ids of a Markdown file, read once. */
function anchorReader(): (file: string) => Set<string> {
  const cache = new Map<string, Set<string>>();
  return (file) => {
    let ids = cache.get(file);
    if (!ids) {
      try {
        ids = new Set(parsePage(readFileSync(file, 'utf8'), {file}).headings.map((heading) => heading.id));
      } catch {
        ids = new Set();
      }
      cache.set(file, ids);
    }
    return ids;
  };
}

/** The candidate nearest to what was written, if it is near enough to be a likely typo. */
function closest(wanted: string, candidates: Iterable<string>): string | undefined {
  let best: {candidate: string; distance: number} | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate);
    if (!best || distance < best.distance) best = {candidate, distance};
  }
  return best && best.distance <= Math.max(2, Math.floor(wanted.length / 3)) ? best.candidate : undefined;
}

/**
 * Problems with the internal links of `files` (paths relative to `root` or absolute). Links to
 * the SDK reference are checked only when a build has generated it (`apiGenerated` says so).
 */
export function checkSourceLinks(
  root: string,
  files: string[],
): {problems: LinkProblem[]; checked: number; apiGenerated: boolean} {
  const routes = siteRoutes(root);
  const apiGenerated = existsSync(path.join(root, API_FOLDER));
  const anchors = anchorReader();
  const problems: LinkProblem[] = [];
  let checked = 0;
  for (const file of files) {
    let links;
    try {
      links = linksOf(readFileSync(path.resolve(root, file), 'utf8'), file);
    } catch (error) {
      if (!(error instanceof MarkdownError)) throw error;
      problems.push({file, line: error.line, message: error.reason});
      continue;
    }
    const ownRoute = [...routes].find(
      ([, target]) => target.file && path.resolve(target.file) === path.resolve(root, file),
    )?.[0];
    for (const {url, line} of links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue;
      const [target, hash = ''] = url.split('#');
      const [pathPart] = target.split('?');
      let route: string;
      let targetFile: string | undefined;
      if (pathPart === '') {
        route = ownRoute ?? '';
        targetFile = path.resolve(root, file);
      } else if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith('/')) {
        targetFile = path.resolve(path.dirname(path.resolve(root, file)), pathPart);
        if (!existsSync(targetFile)) {
          problems.push({
            file,
            line,
            message: `broken link "${url}": no file ${path.relative(root, targetFile)}`,
          });
          continue;
        }
        route = url;
      } else {
        route = pathPart.startsWith('/') ? pathPart : path.posix.join(ownRoute ?? '/', '..', pathPart);
        route = route.replace(/\.md$/, '').replace(/\/$/, '') || '/';
        checked++;
        if (existsSync(path.join(root, 'static', route))) continue;
        if (GENERATED_PREFIXES.some((prefix) => route.startsWith(prefix))) continue;
        if (route.startsWith('/usage/sdk/api') && !apiGenerated) continue;
        const found =
          routes.get(route) ?? (route.startsWith('/usage/sdk/api') ? apiRoute(root, route) : undefined);
        if (!found) {
          const hint = closest(route, routes.keys());
          problems.push({
            file,
            line,
            message: `broken link "${url}": no page at ${route}${hint ? ` (did you mean ${hint}?)` : ''}`,
          });
          continue;
        }
        targetFile = found.file;
      }
      if (hash && targetFile && !anchors(targetFile).has(decodeURIComponent(hash))) {
        const hint = closest(hash, anchors(targetFile));
        problems.push({
          file,
          line,
          message: `broken anchor "${url}": ${route || 'this page'} has no heading with id "${hash}"${hint ? ` (did you mean #${hint}?)` : ''}`,
        });
      }
    }
  }
  return {problems, checked, apiGenerated};
}

/** A page of the generated SDK reference: TypeDoc writes `<route>.md` under the docs folder. */
function apiRoute(root: string, route: string): RouteTarget | undefined {
  // The previous major's pages (/usage/sdk/api/102/…) are kept in versioned_docs/version-102/.
  const previous = /^\/usage\/sdk\/api\/(\d+)(\/.*)?$/.exec(route);
  const base = previous
    ? path.join(
        root,
        'versioned_docs',
        `version-${previous[1]}`,
        API_FOLDER.slice('docs/'.length),
        previous[2] ?? '',
      )
    : path.join(root, 'docs', route.slice(1));
  for (const file of [`${base}.md`, path.join(base, 'api.md'), path.join(base, 'index.md')])
    if (existsSync(file)) return {file};
  return undefined;
}
