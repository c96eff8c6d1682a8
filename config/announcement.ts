import type {ThemeConfig} from '@docusaurus/preset-classic';
import {baseUrl} from './site.ts';

/**
 * Change `id` whenever the message changes: visitors who dismissed the old
 * message then see the new one (the dismissal is stored per id).
 */
export const announcementBar = {
  id: 'sdk-103-identities',
  content: `Streamr SDK 103 can sign with quantum-resistant ML-DSA keys. <a href="${baseUrl}usage/identity">Read about identities</a>.`,
  isCloseable: true,
} satisfies ThemeConfig['announcementBar'];
