import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Shows pages requested as `/x.html` or `/x/index.html` (static hosts serve both)
 * under their clean path `/x`, as the spec asks, before the app hydrates.
 */
export default function cleanHtmlUrlsPlugin(): Plugin {
  return {
    name: 'clean-html-urls',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
  };
}
