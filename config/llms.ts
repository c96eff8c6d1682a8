import type {Options as LlmsTxtOptions} from '../src/plugins/llms-txt/index';

/**
 * `/llms.txt`, `/llms-full.txt` and the Markdown twin of every docs page
 * (src/plugins/llms-txt). Sections follow the sidebar's top-level categories;
 * the SDK reference, a category inside Usage, is a section of its own.
 */
export const llmsTxtOptions = {
  summary:
    'Developer documentation for the Streamr Network, a decentralized peer-to-peer network for real-time data: ' +
    'publish and subscribe to streams with the TypeScript SDK (@streamr/sdk), the CLI or a Streamr node from any language, ' +
    'run nodes and earn DATA as an Operator, delegate or sponsor, and learn how the network, its incentives and its security work. ' +
    'Includes the generated API reference of @streamr/sdk.',
  sections: [
    {title: 'Guides', category: '/guides'},
    {title: 'Usage', category: '/usage'},
    {title: 'Network', category: '/streamr-network'},
    {title: 'Project', category: '/streamr-project'},
    {title: 'Help', category: '/help'},
    {title: 'SDK API reference', category: '/usage/sdk/api'},
  ],
} satisfies LlmsTxtOptions;
