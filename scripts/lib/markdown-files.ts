import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {SKIPPED_SAMPLE_FOLDERS} from '../../src/plugins/code-highlighting/compiler-options.ts';

const SKIPPED_FOLDERS = SKIPPED_SAMPLE_FOLDERS.map((folder) => path.normalize(folder));

/** Markdown/MDX files of the given files and folders (each folder's sorted), the generated reference left out. */
export function findMarkdownFiles(targets: string[]): string[] {
  const markdown = (file: string) => /\.mdx?$/.test(file);
  const skipped = (file: string) =>
    SKIPPED_FOLDERS.some((folder) => `${path.sep}${file}`.includes(`${path.sep}${folder}${path.sep}`));
  return targets.flatMap((target) =>
    statSync(target).isDirectory()
      ? readdirSync(target, {recursive: true, encoding: 'utf8'})
          .map((entry) => path.join(target, entry))
          .filter((file) => markdown(file) && !skipped(file))
          .sort()
      : [target].filter(markdown),
  );
}
