/**
 * Origins the Content-Security-Policy allows beyond the site (src/plugins/content-security-policy):
 * Algolia's and Google Tag Manager's when configured; a new service adds its own to `extraSources`.
 */
import type {Options} from '../src/plugins/content-security-policy/index.ts';
import {algoliaThemeConfig, searchBackend} from './search.ts';
import {offlineEnabled} from './offline.ts';
import {tagManagerContainerId} from './site.ts';

export const contentSecurityPolicyOptions: Options = {
  algoliaAppId: searchBackend === 'algolia' ? algoliaThemeConfig.appId : undefined,
  tagManager: Boolean(tagManagerContainerId),
  // e.g. {'img-src': ['https://images.example.com']}. The offline service worker and the local search's
  // worker (src/plugins/search/client/searchWorker.ts) are the site's own scripts.
  extraSources: offlineEnabled || searchBackend === 'local' ? {'worker-src': ["'self'"]} : {},
};
