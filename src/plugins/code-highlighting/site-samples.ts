/**
 * The compiled TypeScript samples of the site, found as the sample check finds
 * them (the site's Markdown front-end). Plain Node loads this module (the type
 * info child process, ./type-info-child.ts): its imports carry `.ts`.
 */
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {parsePage} from '../../markdown/index.ts';
import {parseAnnotations, type TypeQuery} from './annotations.ts';
import {
  COMPILED_LANGUAGES,
  SAMPLE_FOLDERS,
  SKIPPED_SAMPLE_FOLDERS,
  optOutReason,
} from './compiler-options.ts';

/** A sample as the type info service takes it: the code as shown, and its `// ^?` queries. */
type SiteSample = {code: string; tsx: boolean; queries: TypeQuery[]};

/** Whether the sample check compiles the blocks of this file (scripts/check-code-samples.ts). */
export function isSampleFile(file: string, siteDir: string): boolean {
  const relative = path.relative(siteDir, file).split(path.sep).join('/');
  return (
    SAMPLE_FOLDERS.some((folder) => relative.startsWith(`${folder}/`)) &&
    !SKIPPED_SAMPLE_FOLDERS.some((folder) => relative.startsWith(`${folder}/`))
  );
}

/** Every compiled sample of the site. */
export function siteSamples(siteDir: string): SiteSample[] {
  const samples: SiteSample[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (isSampleFile(path.join(full, 'x'), siteDir)) walk(full);
      } else if (/\.mdx?$/.test(entry)) {
        for (const block of parsePage(readFileSync(full, 'utf8'), {file: full}).codeBlocks) {
          const language = block.language ?? '';
          if (!COMPILED_LANGUAGES.has(language) || optOutReason(block.meta) !== undefined) continue;
          try {
            const {code, queries} = parseAnnotations(block.code);
            samples.push({code, tsx: language === 'tsx', queries});
          } catch {
            // A broken annotation fails the build when the page itself is compiled.
          }
        }
      }
    }
  };
  for (const folder of SAMPLE_FOLDERS)
    if (existsSync(path.join(siteDir, folder))) walk(path.join(siteDir, folder));
  return samples;
}
