import type {Options as LlmsTxtOptions} from '../src/plugins/llms-txt/index.ts';
import type {PreferredApi} from '../src/plugins/llms-txt/instructions.ts';
import {expandContractAddressesInTwin} from './contracts.ts';
import {llmsSections, siteSections, type SiteSection} from './docs-sections.ts';
import {sdkPackage} from './typedoc.ts';

/** The APIs llms.txt tells assistants to use first; a name missing from the SDK's declarations fails the build. */
export const preferredApis: PreferredApi[] = [
  {name: 'StreamrClient', use: 'the one entry point; create it once and call `destroy()` when done'},
  {name: 'StreamrClient.publish', use: 'send a message to a stream'},
  {name: 'StreamrClient.subscribe', use: 'receive messages of a stream'},
  {name: 'StreamrClient.resend', use: 'fetch stored messages from storage nodes'},
  {name: 'StreamrClient.getOrCreateStream', use: 'get a stream, creating it when it does not exist'},
  {name: 'StreamrClient.setPermissions', use: 'grant or revoke stream permissions'},
  {name: 'StreamrClient.addStreamToStorageNode', use: 'store a stream’s messages for later resends'},
];

/**
 * `/llms.txt`, `/llms-full.txt` and the Markdown twins (src/plugins/llms-txt), in the
 * site's sections (config/docs-sections.ts); a heading other than the menu label is
 * `customProps.llmsTitle` in the folder's `_category_.json`.
 */
export function llmsTxtOptionsWith(sections: readonly SiteSection[]) {
  return {
    summary:
      'Developer documentation for the Streamr Network, a decentralized peer-to-peer network for real-time data: ' +
      'publish and subscribe to streams with the TypeScript SDK (@streamr/sdk), the CLI or a Streamr node from any language, ' +
      'run nodes and earn DATA as an Operator, delegate or sponsor, and learn how the network, its incentives and its security work. ' +
      'Includes the generated API reference of @streamr/sdk.',
    sections: llmsSections(sections),
    // The build fails on a larger twin; tests/e2e/llms-txt.spec.ts checks the built site too.
    maxTwinBytes: 100_000,
    // The docs plugin's directive steps (docusaurus.config.ts), so a twin shows what the page shows.
    transforms: [expandContractAddressesInTwin],
    instructions: {
      sdkPackage: {name: sdkPackage.name, version: sdkPackage.version},
      // The files TypeDoc documents too (config/typedoc.ts); deprecated APIs come from their `@deprecated` tags.
      declarations: ['node_modules/@streamr/sdk/dist'],
      preferredApis,
    },
  } satisfies LlmsTxtOptions;
}

export const llmsTxtOptions = llmsTxtOptionsWith(siteSections());
