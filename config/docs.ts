import type {EditUrlFunction, Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {contractAddresses} from './contracts.ts';
import {prerenderedDiagrams} from './diagrams.ts';
import {codeHighlighting} from './prism.ts';
import {editUrl} from './site.ts';
import {sdkApiDocsVersions, sdkApiOutDir} from './typedoc.ts';
import {headingBreaks} from '../src/plugins/typedoc-sdk/heading-breaks.ts';
import {siteSidebarItems} from '../src/plugins/typedoc-sdk/site-sidebar.ts';

/**
 * "Edit this page" on the hand-written pages only. The SDK reference, this major's in
 * docs/usage/sdk/api/ and the whole older docs version, is generated and not in the repository.
 */
const editDocUrl: EditUrlFunction = ({version, versionDocsDirPath, docPath}) => {
  const file = `${versionDocsDirPath}/${docPath}`;
  return version === 'current' && !file.startsWith(`${sdkApiOutDir}/`) ? `${editUrl}${file}` : undefined;
};

/** The docs plugin's options: the guides in docs/ and the SDK API reference TypeDoc writes there. */
export const docsOptions = {
  routeBasePath: '/',
  sidebarPath: './sidebars.ts',
  sidebarItemsGenerator: siteSidebarItems,
  editUrl: editDocUrl,
  lastVersion: 'current',
  // Guides are unversioned; the previous SDK major's API reference is version '102'.
  versions: sdkApiDocsVersions(),
  beforeDefaultRemarkPlugins: [codeHighlighting, headingBreaks],
  // `::contract-addresses` tables from @streamr/config (config/contracts.ts).
  remarkPlugins: [prerenderedDiagrams, contractAddresses],
} satisfies DocsOptions;
