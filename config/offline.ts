/**
 * Offline reading (src/plugins/offline): on unless the build runs with
 * `OFFLINE=false`. The service worker it ships needs `worker-src 'self'` in
 * the Content-Security-Policy (config/content-security-policy.ts).
 */
import type {Options} from '../src/plugins/offline/index.ts';

export const offlineEnabled = process.env.OFFLINE?.trim().toLowerCase() !== 'false';

export const offlineOptions: Options = {
  name: 'Streamr Docs',
  shortName: 'Streamr Docs',
  description: 'Developer documentation of the Streamr Network, readable offline.',
  themeColor: '#c2410c',
  icon: {src: 'img/favicon.svg', type: 'image/svg+xml'},
};
