/**
 * Public Node entry of the build output's layout (packages and scripts import this
 * file, not its neighbors): the path rules of `./layout.ts` and the listing of a
 * build's pages, which needs the file system and so stays out of the browser.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {NOT_FOUND_FILE} from './layout.ts';

export * from './layout.ts';

/** Every file under `buildDir` with the extension `extension`, relative, `/` separators, sorted. */
function filesWith(buildDir: string, extension: string): string[] {
  return readdirSync(buildDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) =>
      path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/** The built HTML pages of a build (see `htmlFileOf`); the 404 page only when asked for. */
export function builtHtmlFiles(buildDir: string, {notFound = false}: {notFound?: boolean} = {}): string[] {
  return filesWith(buildDir, '.html').filter((file) => notFound || file !== NOT_FOUND_FILE);
}

/** The Markdown twins of a build (see `markdownFileOf`); `assets/` holds bundled files, not twins. */
export function builtMarkdownFiles(buildDir: string): string[] {
  return filesWith(buildDir, '.md').filter((file) => !file.startsWith('assets/'));
}
