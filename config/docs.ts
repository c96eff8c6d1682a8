import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {contractAddresses} from './contracts.ts';
import {prerenderedDiagrams} from './diagrams.ts';
import {codeHighlighting} from './prism.ts';
import {editUrl} from './site.ts';
import {sdkApiDocsVersions} from './typedoc.ts';
import {headingBreaks} from '../src/plugins/typedoc-sdk/heading-breaks.ts';
import {siteSidebarItems} from '../src/plugins/typedoc-sdk/site-sidebar.ts';

/** The docs plugin's options: the guides in docs/ and the SDK API reference TypeDoc writes there. */
export const docsOptions = {
  routeBasePath: '/',
  sidebarPath: './sidebars.ts',
  sidebarItemsGenerator: siteSidebarItems,
  editUrl,
  lastVersion: 'current',
  // Guides are unversioned; the previous SDK major's API reference is version '102'.
  versions: sdkApiDocsVersions(),
  beforeDefaultRemarkPlugins: [codeHighlighting, headingBreaks],
  // `::contract-addresses` tables from @streamr/config (config/contracts.ts).
  remarkPlugins: [prerenderedDiagrams, contractAddresses],
} satisfies DocsOptions;
