import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {builtHtmlFiles} from '../../build-output/index.ts';
import {addPolicyToHtml} from './html.ts';
import {baseSources, type PolicyOptions, type Sources} from './policy.ts';

export type Options = PolicyOptions;

/**
 * A strict Content-Security-Policy in every built HTML page, as a `<meta>` tag
 * (GitHub Pages cannot send headers): scripts only from the site and, inline, by
 * the SHA-256 of the final HTML's scripts. Production builds only (hot reloading
 * evaluates code the policy refuses). Register it last: postBuilds run at once,
 * and after plugin-client-redirects its redirect pages are being written already.
 */
export default function contentSecurityPolicyPlugin(_context: unknown, options: Options): Plugin {
  // Built once, at config load, so a bad option fails before the build starts.
  const base = baseSources(options);
  return {
    name: 'content-security-policy',
    async postBuild({outDir}) {
      const done = new Set<string>();
      // A second pass takes pages another postBuild wrote during the first; with no
      // hook after all postBuilds, csp.spec.ts checks that no built page lacks the policy.
      for (let pass = 0; pass < 2; pass++) {
        for (const name of builtHtmlFiles(outDir, {notFound: true})) {
          const file = path.join(outDir, name);
          if (done.has(file)) continue;
          await withPolicy(file, base);
          done.add(file);
        }
      }
    },
  };
}

async function withPolicy(file: string, base: Sources) {
  const html = await fs.readFile(file, 'utf8');
  const updated = addPolicyToHtml(html, path.relative(process.cwd(), file) || file, base);
  // Other plugins read the HTML during postBuild (search records): replace the
  // file in one step so no reader sees it half written.
  const temporary = `${file}.csp-${process.pid}.tmp`;
  await fs.writeFile(temporary, updated);
  await fs.rename(temporary, file);
}
