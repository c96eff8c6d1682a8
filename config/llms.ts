import type {Options as LlmsTxtOptions} from '../src/plugins/llms-txt/index';
import {llmsSections, siteSections, type SiteSection} from './docs-sections';

/**
 * `/llms.txt`, `/llms-full.txt` and the Markdown twin of every docs page
 * (src/plugins/llms-txt). Sections and their order come from the site's sections
 * (config/docs-sections.ts: the top-level docs folders, then the SDK reference, a
 * category inside Usage that is a section of its own); a heading that differs from
 * the menu label is `customProps.llmsTitle` in the folder's `_category_.json`.
 */
export function llmsTxtOptionsWith(sections: readonly SiteSection[]) {
  return {
    summary:
      'Developer documentation for the Streamr Network, a decentralized peer-to-peer network for real-time data: ' +
      'publish and subscribe to streams with the TypeScript SDK (@streamr/sdk), the CLI or a Streamr node from any language, ' +
      'run nodes and earn DATA as an Operator, delegate or sponsor, and learn how the network, its incentives and its security work. ' +
      'Includes the generated API reference of @streamr/sdk.',
    sections: llmsSections(sections),
  } satisfies LlmsTxtOptions;
}

export const llmsTxtOptions = llmsTxtOptionsWith(siteSections());
