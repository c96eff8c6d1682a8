/**
 * Origins the Content-Security-Policy of the built pages allows beyond the site
 * itself (src/plugins/content-security-policy). Algolia's hosts and Google Tag
 * Manager's are added when those services are configured; a new third-party
 * service adds its origins to `extraSources`, per directive.
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
